import type { Brand } from "./brand.ts";
import type { TitleLayout } from "./fit.tsx";
import { CARD_HEIGHT, CARD_WIDTH, FONT_FAMILY, MAX_TITLE_LINES, PADDING_X, TITLE_WIDTH, titleStyle } from "./layout.ts";

/**
 * What of the card to draw: all of it, only what every card shares (the page colour, the glow, the logo and
 * the domain: drawn once per build), or only a page's own text on a transparent ground, laid over the former.
 */
export type CardLayer = "all" | "background" | "text";

/** What one card says. */
export interface CardText {
  title: string;
  /** The section the page belongs to, shown small above the title. */
  section?: string;
  /** The page's language: the card's text is in it. */
  lang: string;
}

/**
 * A link preview as the design describes it: the light page colour with the hero's accent glow, the logo,
 * the section small above the title, the title large, the domain at the bottom. Drawn by satori, which
 * knows flexbox and a subset of CSS (every element with more than one child needs display: flex).
 */
export function Card({
  text,
  brand,
  layout,
  layer = "all",
}: {
  text: CardText;
  brand: Brand;
  layout: TitleLayout;
  layer?: CardLayer;
}) {
  const { colours } = brand;
  // The brand's parts keep their place in the text layer (they decide where the title goes) but are not drawn there.
  const brandPart = layer === "text" ? { opacity: 0 } : {};
  const background =
    layer === "text"
      ? {}
      : {
          backgroundColor: colours.page,
          backgroundImage: `radial-gradient(circle at 100% 0%, ${glow(colours.accent, 0.22)}, ${glow(colours.accent, 0)} 65%)`,
        };
  return (
    <div
      style={{
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        boxSizing: "border-box",
        display: "flex",
        flexDirection: "column",
        padding: `64px ${PADDING_X}px 56px`,
        fontFamily: FONT_FAMILY,
        color: colours.ink,
        ...background,
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 20, ...brandPart }}>
        <img src={brand.logoMark} width={64} height={64} alt="" />
        <div style={{ fontSize: 40, fontWeight: 700, letterSpacing: "-0.01em" }}>{brand.logo}</div>
      </div>
      <div style={{ display: "flex", flexDirection: "column", justifyContent: "center", flexGrow: 1 }}>
        {layer === "background" ? null : text.section ? (
          <div
            style={{ fontSize: 30, fontWeight: 600, color: colours.accent, letterSpacing: "0.08em", marginBottom: 20 }}
          >
            {/* Upper case by the rules of the page's language (satori's own text-transform takes only its few script locales). */}
            {text.section.toLocaleUpperCase(text.lang)}
          </div>
        ) : null}
        {layer === "background" ? null : (
          <div
            key="title"
            style={{
              ...titleStyle(layout.size),
              width: TITLE_WIDTH,
              color: colours.ink,
              ...(layout.balance ? { textWrap: "balance" } : {}),
              ...(layout.clamp ? { display: "block", lineClamp: MAX_TITLE_LINES } : {}),
            }}
          >
            {layout.title}
          </div>
        )}
      </div>
      <div
        style={{
          display: "flex",
          alignItems: "center",
          gap: 20,
          fontSize: 28,
          fontWeight: 500,
          color: colours.muted,
          ...brandPart,
        }}
      >
        <div style={{ width: 48, height: 6, borderRadius: 3, backgroundColor: colours.accent }} />
        {brand.domain}
      </div>
    </div>
  );
}

/** The accent colour at an opacity, for the glow (satori draws rgba(), not color-mix()). */
function glow(colour: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour)?.[1];
  if (!hex) return colour;
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
