// npm run build: src/cli/build.ts, run from its compiled form (src/cli/compiled-build.ts). Plain syntax only: Node
// runs this file with its own type stripping, before anything is compiled.
import "./production-mode.ts";
import { enableCompileCache } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { CACHES } from "../pipeline/caches.ts";
import { codeFingerprint } from "../pipeline/incremental/fingerprint.ts";
import { compiledBuild } from "./compiled-build.ts";

const entry = await compiledBuild(new URL("./build.ts", import.meta.url).pathname, codeFingerprint(), CACHES.code);
// V8's compiled code of the build and its dependencies, kept beside the build's own (Node checks each file's hash).
enableCompileCache(join(dirname(entry), "v8"));
await import(pathToFileURL(entry).href);
