import type { ReactNode } from "react";
import type { PageContext } from "./context.ts";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";

export const MAIN_ID = "main";

/** Skip link, header, the page's main content, footer: the frame every page shares. */
export function Layout({ context, children }: { context: PageContext; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {context.copy.common.skipLink}
      </a>
      <Header context={context} />
      <main id={MAIN_ID} tabIndex={-1}>
        {children}
      </main>
      <Footer context={context} />
    </>
  );
}
