/** Adds a stylesheet; settles when it has loaded, or failed to (what needs it works either way, only less styled). */
export function addStylesheet(href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
    document.head.append(link);
  });
}
