import type { PhrasingContent, RootContent } from "mdast";
import type { ContainerDirective, LeafDirective } from "mdast-util-directive";
import { z } from "zod";
import { type Common, LINK_TARGET } from "../../schemas/index.ts";
import { SECTION_IDS, VIDEO_EMBED_ATTRIBUTE, VIDEO_TITLE_ATTRIBUTE } from "../../../shared/page-markup.ts";
import { didYouMean } from "../../read/suggest.ts";
import { CALLOUT_TYPES } from "./callout-types.ts";
import { element, htmlElement, icon, text } from "./nodes.ts";
import { targetHref, targetProblem } from "./targets.ts";
import { VIDEO_PROVIDER_NAMES, VIDEO_PROVIDERS } from "./video-providers.ts";

/** What a component needs besides its own attributes: the page language's words and the site's facts. */
export interface ComponentContext {
  /** components in the page language's common.yaml. */
  copy: Common["components"];
  /** "(opens in a new tab)" in the page's language. */
  newTab: string;
  /** site.yaml's booking page. */
  schedulingUrl: string;
  /** Every page's key: what a `to` may name besides #sections, home and impressum. */
  pageKeys: ReadonlySet<string>;
}

export interface RenderInput<Attributes> {
  node: LeafDirective | ContainerDirective;
  attributes: Attributes;
  /** The text in [brackets]: a leaf's button text. */
  label: PhrasingContent[];
  /** A container's content, the label taken out. */
  children: RootContent[];
  context: ComponentContext;
}

/** What replaces the directive, the frame origin it needs (a video), or why it cannot be rendered. */
export type Rendered = { nodes: RootContent[]; frame?: string } | { problem: string; key?: string };

export interface Component<Attributes> {
  kind: "leaf" | "container";
  /** A correct use, shown in messages. */
  example: string;
  /** Whether [text] after the name is the component's text (required) or not allowed. */
  label: "required" | "none";
  attributes: z.ZodType<Attributes>;
  render(input: RenderInput<Attributes>): Rendered;
}

/** "a or b", "a, b or c" */
const either = (words: readonly string[]) =>
  words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;

/** What was written, that it is not one of the allowed values, the one it most likely meant, and the allowed ones. */
function notOneOf(written: unknown, what: string, allowed: readonly string[]): string {
  const meant = typeof written === "string" ? didYouMean(written, allowed) : undefined;
  return `${JSON.stringify(written)} is not ${what}: ${meant ? `did you mean ${meant}? (` : ""}use ${either(allowed)}${meant ? ")" : ""}`;
}

/** A "#section" target is a part of the home page: one of its sections' ids, or the one it most likely misspells. */
function homeSectionProblem(to: string): string | undefined {
  if (!to.startsWith("#")) return undefined;
  const ids = Object.values(SECTION_IDS).map((id) => `#${id}`);
  if (ids.includes(to)) return undefined;
  const meant = didYouMean(to, ids);
  return `"${to}" is no part of the home page: ${meant ? `did you mean "${meant}"? (` : ""}use ${either(ids.map((id) => `"${id}"`))}${meant ? ")" : ""}`;
}

const defineComponent = <Attributes>(component: Component<Attributes>) => component as Component<unknown>;

/** Lucide-style line icons: info, light bulb, warning triangle, play. */
const ICONS = {
  note: ["M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z", "M12 16v-4", "M12 8h.01"],
  tip: ["M9 18h6", "M10 22h4", "M12 2a7 7 0 0 0-4 12.7c.6.5 1 1.2 1 2.3h6c0-1.1.4-1.8 1-2.3A7 7 0 0 0 12 2z"],
  warning: ["M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z", "M12 9v4", "M12 17h.01"],
  play: ["M7 4v16l13-8z"],
};

const required = (what: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? `missing: ${what}` : undefined),
});
/** An attribute written without a value ({title}) arrives as "": as good as missing. */
const words = (what: string) => z.string(required(what)).trim().min(1, `must not be empty: ${what}`);

/**
 * Every component an article may use, by its directive name: how it is written, its attributes (a strict
 * schema: an unknown attribute is refused), and the Markdown nodes it becomes (see nodes.ts). Nothing else
 * is a component, and no attribute reaches the HTML unchecked.
 */
export const COMPONENTS: Record<string, Component<unknown>> = {
  cta: defineComponent({
    kind: "leaf",
    example: "::cta[Book a strategy call]{to=booking}",
    label: "required",
    attributes: z.strictObject({
      to: z
        .string(required('to=booking, to="#contact" or to=insights (a page\'s path under pages/)'))
        .regex(
          LINK_TARGET,
          'must be booking, "#section-id", home, impressum or the path of a file under pages/ without .md',
        )
        .meta({
          title: "Leads to",
          description:
            'booking (the booking page, in a new tab), "#contact", home, impressum or a page: insights/rag-agents',
          "x-labels": {
            de: {
              title: "Führt zu",
              description:
                'booking (die Buchungsseite, in neuem Tab), "#contact", home, impressum oder eine Seite: insights/rag-agents',
              messages: {
                string_format:
                  'muss booking, "#abschnitt-id", home, impressum oder der Pfad einer Datei unter pages/ ohne .md sein',
              },
            },
          },
        }),
    }),
    render({ attributes: { to }, label, context }) {
      if (to === "booking") {
        const hint = element("span", { className: ["visually-hidden"] }, [text(` ${context.newTab}`)]);
        const link = element(
          "a",
          {
            className: ["button", "button-primary", "button-large"],
            href: context.schedulingUrl,
            target: "_blank",
            rel: ["noopener", "noreferrer"],
          },
          [...label, hint],
        );
        return { nodes: [element("p", { className: ["cta"] }, [link])] };
      }
      const problem = homeSectionProblem(to) ?? targetProblem(to, context.pageKeys, { offered: ["booking"] });
      if (problem) return { problem, key: "to" };
      return {
        nodes: [
          element("p", { className: ["cta"] }, [
            element("a", { className: ["button", "button-primary", "button-large"], href: targetHref(to) }, label),
          ]),
        ],
      };
    },
  }),

  callout: defineComponent({
    kind: "container",
    example: ":::callout{type=tip}",
    label: "none",
    attributes: z.strictObject({
      type: z
        .enum(CALLOUT_TYPES, {
          error: (issue) =>
            issue.input === undefined
              ? `missing: write type=${CALLOUT_TYPES.join(", type=")}`
              : notOneOf(issue.input, "a callout type", CALLOUT_TYPES),
        })
        .meta({ title: "Kind", "x-labels": { de: { title: "Art" } } }),
    }),
    render({ attributes: { type }, children, context }) {
      if (children.length === 0)
        return { problem: "is empty: write its text between :::callout{…} and the closing :::" };
      const title = element("p", { className: ["callout-title"] }, [
        htmlElement("span", { className: ["callout-icon"] }, [icon(ICONS[type])]),
        text(context.copy.callout[type]),
      ]);
      return {
        nodes: [element("div", { className: ["callout", `callout-${type}`], role: "note" }, [title, ...children])],
      };
    },
  }),

  figure: defineComponent({
    kind: "container",
    example: ":::figure\n![What the image shows](./diagram.png)\nThe caption.\n:::",
    label: "none",
    attributes: z.strictObject({}),
    render({ children }) {
      const [first, ...rest] = children;
      const inline = first?.type === "paragraph" ? first.children : [];
      const start = inline.findIndex((child) => !(child.type === "text" && child.value.trim() === ""));
      const image = inline[start];
      if (image?.type !== "image")
        return { problem: "must start with its image, ![What the image shows](./file.png), followed by the caption" };
      // The caption: the rest of the image's paragraph (a caption on the next line) and the blocks after it.
      const after = inline.slice(start + 1);
      if (after[0]?.type === "text") after[0] = { ...after[0], value: after[0].value.replace(/^\s+/, "") };
      const caption = [
        ...(after.some((child) => child.type !== "text" || child.value.trim() !== "")
          ? [{ type: "paragraph", children: after } as RootContent]
          : []),
        ...rest,
      ];
      if (caption.length === 0)
        return {
          problem:
            "needs a caption: write it on the line after the image (for an image without caption, leave out :::figure)",
        };
      let images = 0;
      const count = (node: RootContent) => {
        if (node.type === "image" || node.type === "imageReference") images++;
        if ("children" in node) for (const child of node.children) count(child as RootContent);
      };
      for (const node of caption) count(node);
      if (images > 0) return { problem: "holds one image: put a second image in its own :::figure" };
      return { nodes: [element("figure", { className: ["figure"] }, [image, element("figcaption", {}, caption)])] };
    },
  }),

  video: defineComponent({
    kind: "leaf",
    example: '::video{provider=youtube id=dQw4w9WgXcQ poster=./poster.jpg title="What a RAG agent does"}',
    label: "none",
    attributes: z
      .strictObject({
        provider: z
          .enum(VIDEO_PROVIDER_NAMES, {
            error: (issue) =>
              issue.input === undefined
                ? `missing: write provider=${VIDEO_PROVIDER_NAMES.join(" or provider=")}`
                : `${notOneOf(issue.input, "a video provider", VIDEO_PROVIDER_NAMES)} (the hosts whose privacy-enhanced player the site allows)`,
          })
          .meta({ title: "Provider", "x-labels": { de: { title: "Anbieter" } } }),
        id: words("write the video's id, e.g. id=dQw4w9WgXcQ").meta({
          title: "Video id",
          "x-labels": { de: { title: "Video-ID" } },
        }),
        poster: words(
          "write the still image shown before the click, a file next to this page: poster=./poster.jpg",
        ).meta({
          title: "Still image",
          description: "Shown until the visitor clicks play: a frame of your own video, next to the page.",
          "x-labels": {
            de: {
              title: "Standbild",
              description:
                "Steht dort, bis jemand auf Abspielen klickt: ein Bild aus Ihrem eigenen Video, neben der Seite.",
            },
          },
        }),
        title: words('write what the video is about, in quotes: title="What a RAG agent does"').meta({
          title: "Title",
          description: "What the video is about; shown under it.",
          "x-labels": { de: { title: "Titel", description: "Worum es im Video geht; steht darunter." } },
        }),
      })
      .superRefine(({ provider, id }, issues) => {
        const rules = VIDEO_PROVIDERS[provider];
        if (!rules.id.test(id))
          issues.addIssue({
            code: "custom",
            path: ["id"],
            message: `"${id}" is no ${provider} video id: write the id alone, e.g. ${rules.idExample}`,
          });
      }),
    render({ node, attributes: { provider, id, poster, title }, context }) {
      const rules = VIDEO_PROVIDERS[provider];
      const { video } = context.copy;
      const still = { type: "image", url: poster, alt: title, position: node.position } as RootContent;
      const play = element(
        "a",
        {
          className: ["button", "button-primary", "video-play"],
          href: rules.watch(id),
          [VIDEO_EMBED_ATTRIBUTE]: rules.embed(id),
          [VIDEO_TITLE_ATTRIBUTE]: title,
          ariaLabel: `${video.play}: ${title}`,
        },
        [htmlElement("span", { className: ["video-play-icon"] }, [icon(ICONS.play)]), text(video.play)],
      );
      const notice = element("p", { className: ["video-notice"] }, [
        text(`${video.notice[provider]} `),
        element("a", { href: targetHref(video.privacy.to) }, [text(video.privacy.label)]),
      ]);
      const caption = element("figcaption", {}, [element("p", { className: ["video-title"] }, [text(title)]), notice]);
      return {
        nodes: [
          element("figure", { className: ["video"] }, [
            element("div", { className: ["video-frame"] }, [still, play]),
            caption,
          ]),
        ],
        frame: rules.origin,
      };
    },
  }),
};
