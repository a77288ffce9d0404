import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { toast, Toaster } from "sonner";
import type { FormCopy } from "../content/schemas/index.ts";
import { TOAST_TOP_PX, type ToastEnd, toastEnd } from "./toast-place.ts";
import {
  asksForFillToken,
  checkThrottle,
  deliver,
  EMPTY_VALUES,
  FIELDS,
  firstForbiddenField,
  HONEYPOT_FIELD,
  IdempotencyKeys,
  recordSubmission,
  sanitizeContact,
  validateContact,
  type ContactValues,
  type FillTokens,
  type DeliveryResult,
  type Field,
  type FieldErrors,
  type FieldLimits,
  type FormStore,
  type ThrottleLimits,
} from "../shared/form/index.ts";

/** The form's guard file (client/form-guard.ts: fill token and proof-of-work solver; src/pipeline/assets.ts). */
declare const __FORM_GUARD__: string;

/** What the page serialises for the island: everything the form shows or enforces comes from content/. */
export interface ContactFormProps {
  copy: FormCopy;
  email: string;
  limits: FieldLimits;
  throttle: ThrottleLimits;
  simulatedDelayMs: number;
  /** Where messages go: "simulated" (nowhere, the spec's default) or a form back-end's URL. */
  delivery: string;
  deliveryTimeoutMs: number;
}

const INPUTS: Record<Field, { type: string; autoComplete: string }> = {
  name: { type: "text", autoComplete: "name" },
  email: { type: "email", autoComplete: "email" },
  company: { type: "text", autoComplete: "organization" },
  message: { type: "textarea", autoComplete: "off" },
};

const fieldId = (field: Field) => `contact-${field}`;
const errorId = (field: Field) => `contact-${field}-error`;

/**
 * Moves the focus to a field and brings it into view with its label: scrollIntoView keeps clear of the sticky
 * header (the page's scroll-padding) and brings the label along (the field's scroll-margin, site.css). focus()
 * alone scrolls WebKit's view only until the field itself peeks out under the header, its label hidden.
 */
function focusField(element: HTMLInputElement | HTMLTextAreaElement | null | undefined): void {
  element?.focus({ preventScroll: true });
  element?.scrollIntoView({ block: "nearest" });
}

/** Text with the site's address in it as a mailto: link (a toast's "write to us at …", the status line's). */
function withAddress(text: string, email: string): ReactNode {
  const at = text.indexOf(email);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <a href={`mailto:${email}`}>{email}</a>
      {text.slice(at + email.length)}
    </>
  );
}

/** Sonner's toast region stays silent: the status line under the send button says every outcome, once. */
const silence = (region: HTMLElement | null) => region?.setAttribute("aria-live", "off");

/**
 * The contact form. The server renders it with no store (inert, submit disabled); the island hydrates it
 * with a store and it becomes live. Order of checks on submit, each stopping the submission and keeping
 * every typed character: field errors, then forbidden input, then the throttle. A visitor first learns
 * everything they can fix; only a message that could be sent is ever held back by the throttle, and a
 * rejected attempt never counts against it.
 */

/**
 * One per page, outside the component: a language switch re-mounts the island, and a retry after it is still
 * the same message with the same key. A reload starts afresh (the key lives in memory, never in storage).
 */
const idempotencyKeys = new IdempotencyKeys();
/**
 * The site's own receiver's fill token (and proof-of-work challenge, when it sets one), asked for on the first
 * touch of the form and kept like the key: its code is fetched then (client/form-guard.ts), once.
 */
let guard: Promise<FillTokens> | undefined;
const fillTokens = () =>
  (guard ??= (import(/* @vite-ignore */ __FORM_GUARD__) as Promise<{ formGuard: FillTokens }>).then(
    (module) => module.formGuard,
    (error: unknown) => {
      // Asked again next time (a network blip), never remembered as failed.
      guard = undefined;
      throw error;
    },
  ));
const noop = () => {};

export function ContactForm({
  copy,
  email,
  limits,
  throttle,
  simulatedDelayMs,
  delivery,
  deliveryTimeoutMs,
  store,
  onLive,
}: ContactFormProps & { store?: FormStore; onLive?: () => void }) {
  const [values, setValues] = useState<ContactValues>(EMPTY_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [live, setLive] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // The outcome of the last send, kept in the status region under the button until the next submit.
  const [status, setStatus] = useState<{ title: string; text: string } | null>(null);
  // The fields a failed submit listed in the error summary (GOV.UK's pattern), which takes the focus.
  const [summary, setSummary] = useState<Field[]>([]);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [toastPosition, setToastPosition] = useState<ToastEnd>("top-center");
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const submitButton = useRef<HTMLButtonElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The first touch of the form starts the receiver's count (the island often loads on that very focus).
  const touched = useCallback(() => {
    if (asksForFillToken(delivery))
      void fillTokens().then((tokens) => tokens.request(delivery, deliveryTimeoutMs), noop);
  }, [delivery, deliveryTimeoutMs]);
  // Disabling the focused button while sending drops focus to <body>; it goes back once sending ends.
  const refocusAfterSending = useRef(false);
  const sending = useRef(false);

  useEffect(() => {
    if (!store) return;
    // A draft from before a reload or a language switch in this tab comes back as it was typed.
    if (FIELDS.some((field) => store.draft[field] !== "")) setValues(store.draft);
    setLive(true);
    onLive?.();
    if (formRef.current?.contains(document.activeElement)) touched();
  }, [store, onLive, touched]);

  useEffect(() => {
    if (submitting || !refocusAfterSending.current) return;
    refocusAfterSending.current = false;
    if (document.activeElement === null || document.activeElement === document.body) submitButton.current?.focus();
  }, [submitting]);

  // The page's title says "Error:" while the form has errors, as the summary does (WCAG 3.3.1, GOV.UK).
  const hasErrors = FIELDS.some((field) => errors[field]);
  useEffect(() => {
    if (!hasErrors) return;
    const title = document.title;
    document.title = `${copy.errorTitlePrefix} ${title}`;
    return () => {
      if (document.title === `${copy.errorTitlePrefix} ${title}`) document.title = title;
    };
  }, [hasErrors, copy.errorTitlePrefix]);

  /** Lists a failed submit's fields at the top of the form and moves the focus there. */
  const showSummary = (fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    setSummary(FIELDS.filter((field) => fieldErrors[field]));
  };
  useEffect(() => {
    if (summary.length > 0) summaryRef.current?.focus();
  }, [summary]);

  const update = (field: Field, value: string) => {
    // From the latest state, not this render's: change events can arrive before React re-renders.
    setValues((current) => ({ ...current, [field]: value }));
    store?.saveDraft({ ...store.draft, [field]: value });
  };

  // Toasts go where they cover neither the field being filled in or to be corrected nor the submit button
  // (toast-place.ts). Re-checked on scroll, resize and each move of the focus in the form, so a toast on screen moves
  // out of the way; the visual viewport is what a phone's keyboard leaves of the screen.
  const placeToasts = useCallback(() => {
    const span = (element: Element | null | undefined) => (element ? [element.getBoundingClientRect()] : []);
    const form = formRef.current;
    const focused = document.activeElement;
    const fields = [
      ...span(form?.contains(focused) && focused !== submitButton.current ? focused : null),
      ...[...(form?.querySelectorAll('[aria-invalid="true"]') ?? [])].flatMap(span),
    ];
    setToastPosition(
      toastEnd([fields, span(submitButton.current)], window.visualViewport?.height ?? window.innerHeight),
    );
  }, []);

  useEffect(() => {
    const form = formRef.current;
    if (!live || !form) return;
    window.addEventListener("scroll", placeToasts, { passive: true });
    window.addEventListener("resize", placeToasts);
    // The form's own fields only: focus moving to a toast's close button must not move the toast under the pointer.
    form.addEventListener("focusin", placeToasts);
    return () => {
      window.removeEventListener("scroll", placeToasts);
      window.removeEventListener("resize", placeToasts);
      form.removeEventListener("focusin", placeToasts);
    };
  }, [live, placeToasts]);

  // A toast for the eye, and the same words in the status region, which stays until the next submit and is the one
  // a screen reader announces (the toast region is silent: the outcome is said once). An error toast stays
  // until it is dismissed: nobody who looked away misses it (WCAG 2.2.1).
  const notify = (kind: "success" | "error", message: { title: string; text: string }) => {
    placeToasts();
    setStatus(message);
    toast[kind](message.title, {
      description: withAddress(message.text, email),
      ...(kind === "error" ? { duration: Number.POSITIVE_INFINITY, closeButton: true } : {}),
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The ref, not the state: a second click can arrive before React has re-rendered the disabled button.
    if (!store || sending.current) return;
    store.saveDraft(values);
    setStatus(null);

    // The lengths are checked on what will be sent; whatever sanitising would remove is refused below.
    const result = validateContact(sanitizeContact(values), limits, copy.errors);
    if (!result.ok) {
      showSummary(result.errors);
      return;
    }
    setErrors({});
    setSummary([]);

    const forbidden = firstForbiddenField(values);
    if (forbidden) {
      notify("error", copy.toasts.invalid);
      focusField(inputs.current[forbidden]);
      return;
    }

    const verdict = checkThrottle(store.throttle, Date.now(), throttle);
    if (verdict !== "ok") {
      notify("error", verdict === "tooMany" ? copy.toasts.tooMany : copy.toasts.wait);
      return;
    }

    refocusAfterSending.current = document.activeElement === submitButton.current;
    sending.current = true;
    setSubmitting(true);
    // Only the sanitised message ever leaves the form.
    const message = sanitizeContact(result.values);
    const trap = honeypot.current?.value ?? "";
    // Sent before the receiver's minimum since the first touch (an autofilled form), it waits out the rest.
    const fill = asksForFillToken(delivery)
      ? await fillTokens().then(
          (tokens) => tokens.forSending(delivery, deliveryTimeoutMs),
          // Its file did not load: not sent (without a token the receiver would drop it), and the visitor is told.
          () => undefined,
        )
      : { waitMs: 0 };
    if (fill && fill.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, fill.waitMs));
    const outcome: DeliveryResult = !fill
      ? "failed"
      : delivery === "simulated"
        ? await new Promise<DeliveryResult>((resolve) => setTimeout(() => resolve("sent"), simulatedDelayMs))
        : await deliver(
            delivery,
            {
              ...message,
              language: document.documentElement.lang,
              page: window.location.pathname,
              // The campaign of a landing page's call to action, read by the receiver (shared/form/campaign.ts);
              // a page without a query sends none.
              ...(location.search ? { query: location.search } : {}),
              idempotencyKey: idempotencyKeys.for(message),
              ...(fill.token ? { fillToken: fill.token } : {}),
              proofOfWork: fill.proofOfWork,
              ...(trap === "" ? {} : { [HONEYPOT_FIELD]: trap }),
            },
            deliveryTimeoutMs,
          );
    sending.current = false;
    // The receiver kept another text under this key: the next try goes under a new one.
    if (outcome === "keyReused") idempotencyKeys.sent();
    if (outcome !== "sent") {
      // Nothing is lost and nothing counts against the throttle: the visitor can fix it or simply try again.
      setSubmitting(false);
      if (typeof outcome === "object") {
        // The receiver enforces the same rules; it refuses only what a different version of them lets through.
        showSummary(outcome.fields);
      } else
        notify("error", outcome === "failed" || outcome === "keyReused" ? copy.toasts.notSent : copy.toasts[outcome]);
      return;
    }
    idempotencyKeys.sent();
    // A challenge serves one message: the next one gets its own (nothing happens when none was asked for).
    void fillTokens().then((tokens) => tokens.spent(delivery, deliveryTimeoutMs), noop);
    store.saveThrottle(recordSubmission(store.throttle, Date.now(), throttle));
    store.clearDraft();
    setValues(EMPTY_VALUES);
    setSubmitting(false);
    notify("success", copy.toasts.success);
  };

  const [before, after] = copy.emailAlternative.split("{email}");
  return (
    <>
      <h3 id="contact-form-title">{copy.title}</h3>
      <p className="form-intro">{copy.intro}</p>
      <form
        ref={formRef}
        className="contact-form"
        aria-labelledby="contact-form-title"
        noValidate
        onSubmit={onSubmit}
        onFocus={live ? touched : undefined}
      >
        {summary.length > 0 ? (
          <div className="error-summary" ref={summaryRef} tabIndex={-1}>
            <h4>{copy.errorSummary}</h4>
            <ul>
              {summary.map((field) =>
                errors[field] ? (
                  <li key={field}>
                    <a
                      href={`#${fieldId(field)}`}
                      onClick={(event) => {
                        event.preventDefault();
                        focusField(inputs.current[field]);
                      }}
                    >
                      {errors[field]}
                    </a>
                  </li>
                ) : null,
              )}
            </ul>
          </div>
        ) : null}
        {FIELDS.map((field) => {
          const error = errors[field];
          const shared = {
            id: fieldId(field),
            name: field,
            value: values[field],
            placeholder: copy.fields[field].placeholder,
            autoComplete: INPUTS[field].autoComplete,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? errorId(field) : undefined,
            // What is being sent is fixed; anything typed meanwhile would be wiped by the reset after sending.
            readOnly: submitting,
            ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
              inputs.current[field] = element;
            },
          };
          return (
            <div key={field} className={`field field-${field}`}>
              <label htmlFor={fieldId(field)}>{copy.fields[field].label}</label>
              {INPUTS[field].type === "textarea" ? (
                <textarea {...shared} rows={5} onChange={(event) => update(field, event.target.value)} />
              ) : (
                <input {...shared} type={INPUTS[field].type} onChange={(event) => update(field, event.target.value)} />
              )}
              {error ? (
                <p id={errorId(field)} className="field-error">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        {delivery === "simulated" ? null : (
          // For bots that fill in every field: nobody sees it, reads it or reaches it with the keyboard.
          <div className="visually-hidden" aria-hidden="true">
            <label htmlFor="contact-trap">{copy.honeypotLabel}</label>
            <input
              ref={honeypot}
              type="text"
              id="contact-trap"
              name={HONEYPOT_FIELD}
              tabIndex={-1}
              autoComplete="off"
            />
          </div>
        )}
        <button
          ref={submitButton}
          type="submit"
          className="button button-primary button-block"
          disabled={!live || submitting}
        >
          {submitting ? copy.sending : copy.submit}
        </button>
        {/* In the page's HTML from the start, so screen readers already watch it when an outcome is written. The
            outcome is one element, put in whole: its title and text added one by one were two changes, and Orca
            spoke the title twice (docs/accessibility.md). */}
        <p className="form-status" role="status">
          {status ? (
            <span>
              <b>{status.title}</b> {withAddress(status.text, email)}
            </span>
          ) : null}
        </p>
        <p className="form-alt">
          {before}
          <a href={`mailto:${email}`}>{email}</a>
          {after}
        </p>
      </form>
      {live
        ? createPortal(
            <Toaster
              ref={silence}
              position={toastPosition}
              richColors
              theme="system"
              closeButton={false}
              containerAriaLabel={copy.notificationsLabel}
              toastOptions={{ closeButtonAriaLabel: copy.dismiss }}
              offset={{ top: TOAST_TOP_PX }}
              mobileOffset={{ top: TOAST_TOP_PX }}
            />,
            document.body,
          )
        : null}
    </>
  );
}
