// The form's guard against bots, fetched by the island on the first touch of a form that sends to the site's own
// receiver (never for the simulated delivery or another back-end): the fill token, and the proof-of-work solver
// for a receiver that hands out challenges (docs/receiver.md, "Spam"). A file of its own, so the island stays
// within its budget and a page whose form nobody touches fetches none of it.
import { FillTokens } from "../shared/form/fill-token.ts";
import { solveChallenge } from "../shared/form/proof-of-work.ts";

/** The token for the life of the page, asked for once and sent with every message and retry. */
export const formGuard = new FillTokens(undefined, undefined, solveChallenge);
