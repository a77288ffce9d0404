// A build thread's first module (plain JavaScript, so it starts the same under tsx, vitest and plain Node): it
// lets the thread import TypeScript, then loads the module that answers the build's requests.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.module);
