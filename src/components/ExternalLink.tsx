import type { ReactNode } from "react";

/** A link that leaves the site in a new tab: never leaks the opener or the referrer, and says so to screen readers. */
export function ExternalLink({
  href,
  newTab,
  className,
  children,
  label,
}: {
  href: string;
  newTab: string;
  className?: string;
  children: ReactNode;
  label?: string;
}) {
  return (
    <a
      className={className}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label ? `${label} ${newTab}` : undefined}
    >
      {children}
      {label ? null : <span className="visually-hidden"> {newTab}</span>}
    </a>
  );
}
