// The optional Cron-triggered Worker beside the Cloudflare Pages site (wrangler.toml here): every minute it
// delivers what is due in the contact outbox, so a message does not wait for the next request to /api/contact
// (docs/receiver.md, "Cloudflare Pages").
import { cloudflareDrain } from "../hosts/cloudflare.ts";
import rules from "../hosts/rules.generated.js";

export default cloudflareDrain(rules);
