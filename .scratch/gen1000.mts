import { generateSite } from "/work/wt-incremental/scripts/bench/generate-site.ts";
await generateSite(process.argv[2] ?? "/tmp/site1000", 1000, false);
