import type { ReceiverRules } from "../rules.ts";

/** Written by npm run receiver -- --prepare, read (bundled) by the Netlify and Cloudflare functions; not in git. */
export const RULES_MODULE = "src/receiver/hosts/rules.generated.js";

export const rulesModule = (rules: ReceiverRules) =>
  `// Written by npm run receiver -- --prepare from content/: edit content/, not this file.\nexport default ${JSON.stringify(rules, null, 2)};\n`;
