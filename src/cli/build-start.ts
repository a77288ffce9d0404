// npm run build: src/cli/build.ts, run from its compiled form (src/cli/compiled-build.ts). Plain syntax only: Node
// runs this file with its own type stripping, before anything is compiled.
import "./production-mode.ts";
import { pathToFileURL } from "node:url";
import { CACHES, stampsIn } from "../pipeline/caches.ts";
import { codeFingerprint, PROJECT } from "../pipeline/incremental/fingerprint.ts";
import { compiledBuild } from "./compiled-build.ts";

// The code's files untouched since the last build are not read again to fingerprint it.
const code = codeFingerprint(PROJECT, stampsIn(CACHES.build, PROJECT));
const entry = await compiledBuild(new URL("./build.ts", import.meta.url).pathname, code, CACHES.code);
// Node's compile cache, turned on before this file was read (compile-cache.mjs), keeps V8's code of it (Node checks
// each file's hash).
await import(pathToFileURL(entry).href);
