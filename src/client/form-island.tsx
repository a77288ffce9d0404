import { hydrateRoot, type Root } from "react-dom/client";
import { ContactForm, type ContactFormProps } from "../components/ContactForm.tsx";
import { createFormStore, FIELDS, type ContactValues } from "../shared/form/index.ts";

// One store for the life of the tab's page: it survives a language switch in memory even when
// sessionStorage is unavailable, and reads sessionStorage only (never writes) until the visitor types.
const store = createFormStore(() => window.sessionStorage);
let root: Root | null = null;
/** Settles once the form has hydrated; React refuses an unmount that arrives before that (error 424). */
let hydrated: Promise<void> = Promise.resolve();

/**
 * What the visitor typed into the server-rendered form before this island arrived (it loads on focus, so
 * typing often starts first). Hydration resets the fields to React's state, so it is read beforehand.
 */
function typedBeforeHydration(container: HTMLElement): Partial<ContactValues> {
  const typed: Partial<ContactValues> = {};
  for (const field of FIELDS) {
    const element = container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`form [name="${field}"]`);
    if (element && element.value !== "") typed[field] = element.value;
  }
  return typed;
}

/** Hydrates the server-rendered form in `container` with the props the page serialised next to it. */
export function mount(container: HTMLElement, propsJson: string): void {
  if (root) return;
  const props = JSON.parse(propsJson) as ContactFormProps;
  // Becomes the draft the form restores after hydrating, the newest text winning field by field.
  const typed = typedBeforeHydration(container);
  if (Object.keys(typed).length > 0) store.saveDraft({ ...store.draft, ...typed });
  let markHydrated = () => {};
  hydrated = new Promise((resolve) => {
    markHydrated = resolve;
  });
  root = hydrateRoot(container, <ContactForm {...props} store={store} onLive={markHydrated} />);
}

/** Unmounts the form (before a language switch replaces the page), waiting for a hydration in progress. */
export async function unmount(): Promise<void> {
  const current = root;
  root = null;
  await hydrated;
  current?.unmount();
}
