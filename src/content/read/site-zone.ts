import type { ContentFolder } from "./folder.ts";
import { join } from "node:path";
import { parse } from "yaml";
import { isTimeZone } from "../../shared/time-zone.ts";

/**
 * site.yaml's timeZone, read ahead of the loader by an entry point that must know the build's day before the
 * build starts (npm run build keys its incremental cache by it). UTC when the file or the key is missing or not a
 * zone: the loader then reports what is wrong with the file, with its line.
 */
export function siteTimeZone(folder: ContentFolder): string {
  try {
    const zone = (parse(folder.bytes(join(folder.root, "site.yaml")).toString("utf8")) as { timeZone?: unknown } | null)
      ?.timeZone;
    return typeof zone === "string" && isTimeZone(zone) ? zone : "UTC";
  } catch {
    return "UTC";
  }
}
