// html-validate with its configuration resolved once (plain JavaScript, so the validation threads load it as
// they are under tsx, vitest and plain Node). html-validate's StaticConfigLoader resolves the configuration
// again for every document it validates, rebuilding the table of every HTML element's rules from its JSON
// and schema-checking it: more than half of the time a page cost, for the same result every time.
// html-validate (about 20 MB in memory) is loaded on the first validator only: a build whose pages all
// passed before never needs it in its main thread.

let ResolvedOnce;

export async function createValidator(config) {
  const { HtmlValidate, StaticConfigLoader } = await import("html-validate");
  ResolvedOnce ??= class extends StaticConfigLoader {
    #resolved;
    getConfigFor(handle, override) {
      // Only ever called without an override (validateString with a file name and nothing else).
      this.#resolved ??= super.getConfigFor(handle, override);
      return this.#resolved;
    }
  };
  return new HtmlValidate(new ResolvedOnce(config));
}

/** One document's problems, each with its offset into the document as well as its line and column. */
export async function problemsOf(validator, html, file) {
  const report = await validator.validateString(html, file);
  return report.results.flatMap((result) =>
    result.messages.map((message) => ({
      file,
      line: message.line,
      column: message.column,
      offset: message.offset,
      rule: message.ruleId,
      message: message.message,
      element: message.selector ?? "",
    })),
  );
}
