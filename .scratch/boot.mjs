import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";
register();
const t = performance.now();
await import(workerData.module);
parentPort.postMessage({ loaded: Math.round(performance.now() - t) });
