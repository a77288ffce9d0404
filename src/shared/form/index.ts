export * from "./fields.js";
export * from "./text.js";
export * from "./rules.js";
export * from "./sanitize.js";
export * from "./forbidden.js";
export * from "./throttle.js";
export * from "./store.js";
export * from "./deliver.js";
