// A validation thread (plain JavaScript, so it runs the same under tsx, vitest and plain Node): it receives
// html-validate's configuration once and then batches of documents, and answers each batch with each document's problems.
import { parentPort, workerData } from "node:worker_threads";
import { createValidator, problemsOf } from "./html-validator.mjs";

const WARM_UP =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Warm-up</title></head>' +
  '<body><header><nav aria-label="Main"><a href="/">Home</a></nav></header><main><h1>Warm-up</h1>' +
  '<p>Text <a href="/a">link</a></p><img src="/a.png" alt="A" width="1" height="1"></main><footer></footer></body></html>';

const validator = await createValidator(workerData.config);
// html-validate resolves its configuration and builds its rules on the first document it reads: done now, while
// the build still reads and renders, so that the first page sent (often the only one) is not kept waiting.
await problemsOf(validator, WARM_UP, "warm-up.html");

// Batches arrive ahead of need (validate-pages.ts keeps two in flight): read one at a time, answered by id.
let queue = Promise.resolve();
parentPort.on("message", ({ id, documents }) => {
  queue = queue.then(async () => {
    // One list of problems per document, in the order received.
    const problems = [];
    for (const { file, html } of documents) problems.push(await problemsOf(validator, html, file));
    parentPort.postMessage({ id, problems });
  });
});
