// The types of rules.generated.js, which npm run receiver -- --prepare writes from content/ (see prepare.ts).
import type { ReceiverRules } from "../rules.ts";

declare const rules: ReceiverRules;
export default rules;
