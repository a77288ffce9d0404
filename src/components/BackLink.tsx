import { Icon } from "./Icons.tsx";

export function BackLink({ href, label, lang }: { href: string; label: string; lang?: string }) {
  return (
    <a className="back-link" href={href} lang={lang}>
      <Icon name="arrowLeft" className="icon icon-inline" />
      {label}
    </a>
  );
}
