// The Netlify Function at /api/contact (netlify.toml points Netlify's functions directory here).
import { netlifyContact } from "../hosts/netlify.ts";
import rules from "../hosts/rules.generated.js";

export default netlifyContact(rules);

export const config = { path: "/api/contact" };
