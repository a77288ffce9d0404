/** The origins the page may connect to besides its own: only a configured form back-end. */
function connectOrigins(delivery: string): string[] {
  return delivery === "simulated" ? [] : [new URL(delivery).origin];
}

export function contentSecurityPolicy(delivery = "simulated"): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // No inline styles at all: sonner's stylesheet ships inside site.css (see build/assets.ts).
    "style-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    ["connect-src 'self'", ...connectOrigins(delivery)].join(" "),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Security headers for every response; the local server sends the same ones, so tests run under the real policy. */
export function securityHeaders(delivery = "simulated"): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(delivery),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Frame-Options": "DENY",
  };
}

const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/** The _headers file of Netlify and Cloudflare Pages. */
export function headersFile(delivery = "simulated"): string {
  const lines = ["/*", ...Object.entries(securityHeaders(delivery)).map(([name, value]) => `  ${name}: ${value}`)];
  lines.push("", "/assets/*", `  Cache-Control: ${IMMUTABLE_CACHE}`, "");
  return lines.join("\n");
}

/** Netlify's _redirects: German visitors who mistype a /de/ address get the German 404 page. */
export function redirectsFile(): string {
  return ["/de/*  /de/404.html  404", "/*  /404.html  404", ""].join("\n");
}
