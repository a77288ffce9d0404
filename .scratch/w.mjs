import { Worker } from "node:worker_threads";
const t = performance.now();
const w = new Worker(new URL("./boot.mjs", import.meta.url), { workerData: { module: new URL("../src/content/pages.ts", import.meta.url).href } });
w.on("message", (m) => { console.log("worker ready", m, Math.round(performance.now() - t), "ms"); w.terminate(); });
w.on("error", (e) => console.error("err", e));
