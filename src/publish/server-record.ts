import { parse } from "yaml";
import { PUBLISHED_FILE, publishedText } from "../content/rules/published.ts";
import { PublishFailure } from "./failure.ts";

/** content/published.yaml's entries by address: the file each came from. */
export type AddressList = Map<string, string>;

/** The list a published.yaml text holds (an empty text or no file: none). */
export function parseList(text: string): AddressList {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    throw new PublishFailure(`${PUBLISHED_FILE} cannot be read: ${(error as Error).message.split("\n")[0]}`);
  }
  const list: AddressList = new Map();
  if (data === null || data === undefined) return list;
  if (typeof data !== "object" || Array.isArray(data))
    throw new PublishFailure(`${PUBLISHED_FILE} must list addresses, one a line`);
  for (const [address, file] of Object.entries(data)) if (typeof file === "string") list.set(address, file);
  return list;
}

/**
 * The server's own additions: what its builds added to the list (`ours`, the file in its work tree) that the
 * commit it has checked out (`base`) does not have. Lines the server lacks are not its to remove.
 */
export function additionsOf(base: string, ours: string): AddressList {
  const committed = parseList(base);
  return new Map([...parseList(ours)].filter(([address]) => !committed.has(address)));
}

/**
 * The pulled list (`theirs`) with the server's additions that it does not have yet: `theirs` as it is when it
 * has them all (the daily workflow committed them), so the work tree is clean again. A line of its own wins over
 * the server's for the same address; what the pull removed stays removed.
 */
export function withAdditions(theirs: string, additions: AddressList): string {
  const list = parseList(theirs);
  const missing = [...additions].filter(([address]) => !list.has(address));
  if (missing.length === 0) return theirs;
  for (const [address, file] of missing) list.set(address, file);
  return publishedText([...list].map(([address, file]) => ({ address, file })));
}
