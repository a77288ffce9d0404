import { join } from "node:path";
import { inject } from "vitest";

/**
 * The validation cache the unit tests' builds share, one file per test process (two processes never write the same
 * file), in a folder of this run (caches-setup.ts). html-validate's verdict on a document depends only on its bytes,
 * html-validate's version and its configuration, which the cache's key holds: a page that the real content makes in
 * forty tests is read once in a process, not forty times. A document a test breaks on purpose has bytes of its own
 * and is always read, since the cache holds only documents that passed. The tests of validation and of the cache
 * itself keep a file of their own, or none.
 */
export const TEST_VALIDATION_CACHE = join(inject("unitCaches"), `validated-${process.pid}.json`);
