// The Netlify scheduled function that delivers the contact outbox (src/receiver/outbox/drain.ts) every minute.
// Netlify runs scheduled functions on published deploys only, each run for at most 30 s.
import { netlifyDeliver } from "../hosts/netlify.ts";
import rules from "../hosts/rules.generated.js";

export default netlifyDeliver(rules);

export const config = { schedule: "* * * * *" };
