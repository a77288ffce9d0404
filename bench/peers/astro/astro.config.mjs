// The peer's one setting apart from Astro's defaults: its bundled CSS and JS in /astro/ rather than /_astro/, since
// the site's static server, which the audit serves the peer with, never answers a path starting with "/_" (the
// hosts' configuration files, src/host/addresses.ts). Under /_astro/ the peer's stylesheet was a 404 and the peer
// was audited unstyled. The folder's name changes nothing else in what Astro ships.
export default { build: { assets: "astro" } };
