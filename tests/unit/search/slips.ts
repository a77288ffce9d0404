// Queries a visitor mistypes, in both languages, and the page each must find (issue 58): slips.test.ts and
// docs/search.md's quality table.

export type Slip = "swapped" | "dropped" | "doubled" | "exact";

/** [language, what is typed, the slip, the page's key it must find among the first three]. */
export const SLIPS: [string, string, Slip, string][] = [
  ["en", "Chatbto", "swapped", "insights/chatbot-roi"],
  ["en", "retreival", "swapped", "insights/rag-agents"],
  ["en", "Privcay", "swapped", "privacy"],
  ["en", "hsoting", "swapped", "privacy"],
  ["en", "Chatbt", "dropped", "insights/chatbot-roi"],
  ["en", "retrival", "dropped", "insights/rag-agents"],
  ["en", "Privay", "dropped", "privacy"],
  ["en", "Chattbot", "doubled", "insights/chatbot-roi"],
  ["en", "privaccy", "doubled", "privacy"],
  ["en", "knowlledge", "doubled", "insights/rag-agents"],
  ["de", "Datneschutz", "swapped", "privacy"],
  ["de", "Chatbto", "swapped", "insights/chatbot-roi"],
  ["de", "Mitteltsand", "swapped", "insights/rag-agents"],
  ["de", "Datenschtz", "dropped", "privacy"],
  ["de", "Mittelstnd", "dropped", "insights/rag-agents"],
  ["de", "Datenschuttz", "doubled", "privacy"],
  ["de", "Chatbbot", "doubled", "insights/chatbot-roi"],
  ["de", "Mittelsttand", "doubled", "insights/rag-agents"],
  // What worked before still does: exact words, compound parts, umlauts folded.
  ["de", "Wissen", "exact", "insights/rag-agents"],
  ["de", "Datenschutzerklärung", "exact", "privacy"],
  ["de", "Datenschutzerklarung", "exact", "privacy"],
  ["en", "chatbot", "exact", "insights/chatbot-roi"],
];
