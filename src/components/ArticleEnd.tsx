import type { RouteModel } from "../routes/model.ts";
import type { Route } from "../routes/route.ts";

/**
 * The end of an article: its tags, each a link to the tag's list page, and up to three related articles (the
 * route model's choice: most shared tags, then newest). Nothing for a page without tags.
 */
export function ArticleEnd({
  route,
  model,
  copy,
}: {
  route: Route;
  model: RouteModel;
  copy: { label: string; related: string };
}) {
  const tags = model.tagLinks(route);
  const related = model.related(route);
  if (tags.length === 0 && related.length === 0) return null;
  return (
    <>
      {tags.length > 0 ? (
        <ul className="tag-list" aria-label={copy.label}>
          {tags.map((tag) => (
            <li key={tag.href}>
              <a href={tag.href} rel="tag">
                {tag.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {related.length > 0 ? (
        <aside className="related" aria-label={copy.related}>
          <h2>{copy.related}</h2>
          <ul>
            {related.map((other) => (
              <li key={other.path}>
                <a href={other.path}>{other.page?.meta.title}</a>
              </li>
            ))}
          </ul>
        </aside>
      ) : null}
    </>
  );
}
