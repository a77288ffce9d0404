/** The schemas of every content file, one file per kind of file (site.yaml, common.yaml, home.yaml, form.yaml, pages, the Impressum); their building blocks and the editor's German labels are in fields.ts. */
import type { z } from "zod";
import type { commonSchema, navLinkSchema } from "./common.ts";
import type { formSchema } from "./form.ts";
import type { homeSchema } from "./home.ts";
import type { pageSchema } from "./page.ts";
import type { editorSchema, localeSchema, siteSchema } from "./site.ts";

export { localesSchema, siteUrlSchema, editorSchema, siteSchema } from "./site.ts";
export { LINK_TARGET, navLinkSchema, commonSchema } from "./common.ts";
export { serviceIcons, homeSchema } from "./home.ts";
export { formSchema } from "./form.ts";
export { DATE_YEARS, pageSchema } from "./page.ts";
export { impressumSchema } from "./impressum.ts";
export { BLOCKS, BLOCK_TYPES, blockSchema, blocksSchema, campaignsSchema, CAMPAIGN_CODE } from "./blocks.ts";
export type { Block, BlockType } from "./blocks.ts";

/** site.yaml as the build reads it: company.phoneHref, the tel: link's number, is derived from company.phone. */
export type Site = z.infer<typeof siteSchema> & { company: { phoneHref: string } };
export type EditorSettings = z.infer<typeof editorSchema>;
export type Locale = z.infer<typeof localeSchema>;
export type NavLink = z.infer<typeof navLinkSchema>;
export type PageMeta = z.infer<typeof pageSchema>;
export type Common = z.infer<typeof commonSchema>;
export type Home = z.infer<typeof homeSchema>;
export type FormCopy = z.infer<typeof formSchema>;
