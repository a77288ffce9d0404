import { build } from "../src/pipeline/index.ts";
try { await build({ contentDir: process.argv[2], outDir: "/tmp/xx-broken", validationCache: false }); } catch (e) { console.log((e as any).errors?.slice(0,3).map((x: any) => x.message), (e as any).errors?.length); }
process.exit(0);
