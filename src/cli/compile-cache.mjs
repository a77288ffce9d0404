// Preloaded by npm run build (`node --import ./src/cli/compile-cache.mjs src/cli/build-start.ts`): Node's compile
// cache on before the first TypeScript file is read. With it Node keeps each file's type-stripped form and V8's
// code for it, so a build that finds its code compiled never loads the type stripper (amaro, about 0.1 s of every
// build) nor compiles the bundle again. Plain JavaScript because it runs before any TypeScript can.
// The folder is inside CACHES.code (src/pipeline/caches.ts); compiled-build.ts finds it through Node
// (getCompileCacheDir) and empties it when the code changes.
import { enableCompileCache } from "node:module";
import { join } from "node:path";

enableCompileCache(join("node_modules", ".cache", "leap-ai-code", "v8"));
