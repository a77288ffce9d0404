/**
 * A piece of a larger string as a string of its own. V8 makes a substring of 13 characters or more a view
 * into the string it came from: a few ids or links kept from each page held every page's HTML until the
 * checks ended (over 100 MB at 1,000 pages).
 */
export const ownCopy = (piece: string): string => Buffer.from(piece, "utf8").toString("utf8");
