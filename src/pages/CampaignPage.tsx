import { Blocks } from "../components/blocks/Blocks.tsx";
import type { PageContext } from "../components/context.ts";
import { markerOf } from "../components/marker.ts";
import { PageHeading } from "../components/PageHeading.tsx";
import type { LoadedBlock, Page } from "../content/types.ts";
import { MarkdownDocument } from "./MarkdownDocument.tsx";

/**
 * A page made of blocks (front matter blocks:, issue 59): a landing page. Its hero holds the h1; a page whose first
 * block is another shows its title as the h1 above them. Its blocks' stylesheet is a file of its own, linked here.
 */
export function CampaignPage({ context, blocks }: { context: PageContext; blocks: readonly LoadedBlock[] }) {
  const { route, model, copy, assets } = context;
  const page = route.page as Page;
  const locale = model.locale(route.lang);
  const marker = markerOf(route, copy, locale);
  return (
    <MarkdownDocument
      context={context}
      page={page}
      head={assets.blockStylesheet ? <link rel="stylesheet" href={assets.blockStylesheet} /> : null}
    >
      {blocks[0]?.block.type !== "hero" ? (
        <div className="container block-page-heading">
          <PageHeading title={page.meta.title} locale={locale} draftLabel={marker} />
        </div>
      ) : marker ? (
        <div className="container">
          <p className="draft-badge">{marker}</p>
        </div>
      ) : null}
      <Blocks blocks={blocks} context={context} />
    </MarkdownDocument>
  );
}
