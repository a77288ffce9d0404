// A validation thread (plain JavaScript, so it runs the same under tsx, vitest and plain Node): it receives
// html-validate's configuration once and then batches of documents, and answers each batch with each document's problems.
import { parentPort, workerData } from "node:worker_threads";
import { createValidator, problemsOf } from "./html-validator.mjs";

const validator = await createValidator(workerData.config);

parentPort.on("message", async ({ documents }) => {
  // One list of problems per document, in the order received.
  const problems = [];
  for (const { file, html } of documents) problems.push(await problemsOf(validator, html, file));
  parentPort.postMessage({ problems });
});
