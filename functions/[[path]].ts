// The Cloudflare Pages Function for the paths dist/_routes.json gives it (src/pipeline/host-files/redirects.ts,
// routesFile): a 404 page's own address (/404, /de/404) and the host files (/_nginx-headers.conf), which Pages
// would otherwise serve with status 200. Each gets the nearest 404 page with status 404, as a missing page does:
// Pages' own asset server answers a path that is no file, so _headers applies as to every static answer.

interface Context {
  request: Request;
  env: { ASSETS: { fetch(url: URL, init?: RequestInit): Promise<Response> } };
}

export const onRequest = ({ request, env }: Context) => {
  const url = new URL(request.url);
  // A name no build writes, in the folder of the path asked for: Pages answers it with that folder's 404 page.
  const missing = new URL(`${url.pathname.replace(/\/[^/]*$/, "")}/_no-such-file`, url);
  return env.ASSETS.fetch(missing, { method: request.method, headers: request.headers });
};
