import type { Heading } from "../content/markdown.ts";

export function TableOfContents({ headings, label }: { headings: Heading[]; label: string }) {
  return (
    <nav className="toc" aria-labelledby="toc-heading">
      <h2 id="toc-heading" className="toc-heading">
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
