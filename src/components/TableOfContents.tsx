import { CHROME_IDS } from "../shared/page-markup.ts";
import type { Heading } from "../content/types.ts";

export function TableOfContents({ headings, label }: { headings: Heading[]; label: string }) {
  return (
    <nav className="toc" aria-labelledby={CHROME_IDS.toc}>
      <h2 id={CHROME_IDS.toc} className="toc-heading">
        {label}
      </h2>
      <ol>
        {headings.map((heading) => (
          <li key={heading.id}>
            <a href={`#${heading.id}`}>{heading.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
