import type { ReactElement } from "react";
import type { PageContext } from "../components/context.ts";
import type { PageKind } from "../routes/route.ts";
import { HomePage } from "./HomePage.tsx";
import { ImpressumPage } from "./ImpressumPage.tsx";
import { MarkdownPage } from "./MarkdownPage.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";
import { SearchPage } from "./SearchPage.tsx";
import { SectionPage } from "./SectionPage.tsx";
import { TagPage } from "./TagPage.tsx";

/**
 * The component of each page kind, and whether it needs the loader (the language switch, the form island, the
 * 404 page's console log). The Impressum has neither a language switch nor an island. A new page kind is a
 * producer in the route model (routes/model.ts) and a line here.
 */
export const PAGE_KINDS: Record<
  PageKind,
  { component: (props: { context: PageContext }) => ReactElement; script: boolean }
> = {
  home: { component: HomePage, script: true },
  page: { component: MarkdownPage, script: true },
  section: { component: SectionPage, script: true },
  impressum: { component: ImpressumPage, script: false },
  notFound: { component: NotFoundPage, script: true },
  tag: { component: TagPage, script: true },
  search: { component: SearchPage, script: true },
};
