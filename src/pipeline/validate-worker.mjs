// A validation thread (plain JavaScript, so it runs the same under tsx, vitest and plain Node): it receives
// html-validate's configuration once and then batches of pages, and answers each batch with its problems.
import { parentPort, workerData } from "node:worker_threads";
import { HtmlValidate } from "html-validate";

const validator = new HtmlValidate(workerData.config);

parentPort.on("message", async ({ id, pages }) => {
  const problems = [];
  for (const { file, html } of pages) {
    const report = await validator.validateString(html, file);
    for (const result of report.results) {
      for (const message of result.messages) {
        problems.push({ file: result.filePath, line: message.line, column: message.column, rule: message.ruleId, message: message.message, element: message.selector ?? "" });
      }
    }
  }
  parentPort.postMessage({ id, problems });
});
