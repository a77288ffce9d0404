import type { ReactNode } from "react";
import type { MenuEntry } from "../routes/route.ts";

/**
 * A menu link. One to a page that exists only in another language says so before the click: hreflang on the
 * link, and the language's own name after the label, e.g. "Karriere (English)".
 */
export function MenuLink({
  entry,
  className,
  children,
}: {
  entry: MenuEntry;
  className?: string;
  children?: ReactNode;
}) {
  const { other } = entry;
  return (
    <a className={className} href={entry.href} hrefLang={other?.lang}>
      {entry.label}
      {other ? (
        <>
          {" "}
          <span className="menu-language" lang={other.lang}>
            ({other.name})
          </span>
        </>
      ) : null}
      {children}
    </a>
  );
}
