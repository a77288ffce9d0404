/**
 * The 404 page a host answers a missing path with: the nearest 404.html in a folder above it (de/404.html for
 * /de/…), as Cloudflare Pages picks it and the local servers do; `exists` says whether a file of dist/ is there.
 */
export function nearestNotFoundPage(path: string, exists: (file: string) => boolean): string {
  const folders = path.split("/").slice(1, -1);
  return (
    folders
      .map((_, depth) => `/${folders.slice(0, folders.length - depth).join("/")}/404.html`)
      .find((candidate) => exists(candidate)) ?? "/404.html"
  );
}
