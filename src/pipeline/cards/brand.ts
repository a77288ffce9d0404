import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { LogoMark } from "../../components/Icons.tsx";
import type { Site } from "../../content/schemas/index.ts";

/** The design tokens a card uses, by their custom-property names in src/styles/site.css. */
const TOKENS = ["page", "ink", "muted", "accent", "accent-fill"] as const;
export type Colours = Record<(typeof TOKENS)[number], string>;

/** What every card shows besides its page's own text: part of every cache key. */
export interface Brand {
  /** The logo text, as the header shows it. */
  logo: string;
  /** The site's logo mark as an SVG data URL, in the stylesheet's colours. */
  logoMark: string;
  /** Shown at the bottom: where the page lives ("www.leap-ai.example"). */
  domain: string;
  colours: Colours;
}

/**
 * The colours of `:root` in the site's stylesheet, so the cards follow a change of palette without a second
 * copy of it. Only plain values (#hex, rgb()) are taken, or a light-dark() pair's light one (cards stay light);
 * a token that is missing or computed fails the build here rather than drawing a card in a colour nobody chose.
 */
function coloursOf(css: string): Colours {
  const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? "";
  const value = (name: string) => {
    const found = new RegExp(
      `--${name}\\s*:\\s*(?:light-dark\\(\\s*)?(#[0-9a-fA-F]{3,8}|rgba?\\([^)]*\\))\\s*[;,]`,
    ).exec(root)?.[1];
    if (!found) throw new Error(`site.css: :root has no plain colour --${name}, which the link-preview cards use`);
    return found;
  };
  return Object.fromEntries(TOKENS.map((name) => [name, value(name)])) as Colours;
}

/** The header's logo mark, with the custom properties it uses resolved (an SVG image knows no stylesheet). */
function logoMarkOf(colours: Colours): string {
  const svg = renderToStaticMarkup(createElement(LogoMark))
    .replace(/var\(--([a-z-]+)\)/g, (_, name: string) => (colours as Record<string, string>)[name] ?? "currentColor")
    .replace(/<svg\b/, '<svg xmlns="http://www.w3.org/2000/svg"');
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** What every card of a site shows: its logo, its domain and the colours of `stylesheet` (src/styles/site.css). */
export function brandOf(site: Site, siteUrl: string, stylesheet: string): Brand {
  const colours = coloursOf(stylesheet);
  return { logo: site.company.logo, logoMark: logoMarkOf(colours), domain: new URL(siteUrl).host, colours };
}
