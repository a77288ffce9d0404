import { hydrateRoot, type Root } from "react-dom/client";
import { ContactForm, type ContactFormProps } from "../components/ContactForm.tsx";
import { createFormStore } from "../shared/form/index.ts";

// One store for the life of the tab's page: it survives a language switch in memory even when
// sessionStorage is unavailable, and reads sessionStorage only (never writes) until the visitor types.
const store = createFormStore(() => window.sessionStorage);
let root: Root | null = null;

/** Hydrates the server-rendered form in `container` with the props the page serialised next to it. */
export function mount(container: HTMLElement, propsJson: string): void {
  if (root) return;
  const props = JSON.parse(propsJson) as ContactFormProps;
  root = hydrateRoot(container, <ContactForm {...props} store={store} />);
}

export function unmount(): void {
  root?.unmount();
  root = null;
}
