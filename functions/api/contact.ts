// The Cloudflare Pages Function at /api/contact: Pages routes functions/api/contact.ts to that path, and only
// that path runs a function; every other request is a static file (src/receiver/README.md).
import { cloudflareContact } from "../../src/receiver/hosts/cloudflare.ts";
import rules from "../../src/receiver/hosts/rules.generated.js";

export const onRequest = cloudflareContact(rules);
