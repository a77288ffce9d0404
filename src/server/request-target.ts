import { posix } from "node:path";

/** Longest request target answered: nginx's default buffer for the request line (8 KB) refuses longer ones too. */
export const MAX_TARGET_LENGTH = 8192;

export type RequestTarget = { path: string } | { status: 400 | 414 };

/**
 * The path a request asks for, percent-decoded and normalised (`//a/./b/../c` -> `/a/c`), or the status that
 * refuses it. The server takes every decision (files never served, headers, the file looked up) on this one
 * path, so that no spelling (`/%5fheaders`, `//404.html`) reaches a file another spelling may not.
 */
export function requestTarget(url: string | undefined): RequestTarget {
  if (url === undefined || url === "") return { status: 400 };
  if (url.length > MAX_TARGET_LENGTH) return { status: 414 };
  // The absolute form (http://host/path, as sent to a proxy) names the path after the authority.
  const target = url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, "") || "/";
  if (!target.startsWith("/")) return { status: 400 };
  let decoded: string;
  try {
    decoded = decodeURIComponent(target.replace(/[?#].*$/s, ""));
  } catch {
    return { status: 400 };
  }
  if (decoded.includes("\0")) return { status: 400 };
  return { path: posix.normalize(decoded) };
}
