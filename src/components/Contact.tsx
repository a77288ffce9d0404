import { jsonForScript } from "./Document.tsx";
import { ContactForm, type ContactFormProps } from "./ContactForm.tsx";
import type { PageContext } from "./context.ts";
import { ExternalLink } from "./ExternalLink.tsx";
import { SECTION_IDS, FORM_ISLAND } from "../shared/page-markup.ts";
import { Icon } from "./Icons.tsx";
import { Section } from "./Section.tsx";

export function formPropsOf(context: PageContext): ContactFormProps {
  const { site } = context.content;
  return {
    copy: context.copy.form,
    email: site.company.email,
    limits: site.form.limits,
    throttle: site.form.throttle,
    simulatedDelayMs: site.form.simulatedDelayMs,
    delivery: site.form.delivery,
    deliveryTimeoutMs: site.form.deliveryTimeoutMs,
  };
}

export function Contact({ context }: { context: PageContext }) {
  const { contact } = context.copy.home;
  const props = formPropsOf(context);
  return (
    <Section
      id={SECTION_IDS.contact}
      tone="dark"
      eyebrow={contact.eyebrow}
      heading={contact.heading}
      intro={contact.subtitle}
      after={
        <script
          type="application/json"
          id={FORM_ISLAND.props}
          dangerouslySetInnerHTML={{ __html: jsonForScript(props) }}
        />
      }
    >
      <div className="contact-grid">
        <div className="card booking-card">
          <span className="card-icon">
            <Icon name="calendar" />
          </span>
          <h3>{contact.booking.title}</h3>
          <p>{contact.booking.text}</p>
          <ExternalLink
            className="button button-primary button-block"
            href={context.content.site.schedulingUrl}
            newTab={context.copy.common.newTab}
          >
            {contact.booking.button}
            <Icon name="external" className="icon icon-inline" />
          </ExternalLink>
          <p className="booking-note">{contact.booking.note}</p>
        </div>
        <div className="card form-card" id={FORM_ISLAND.root}>
          <ContactForm {...props} />
        </div>
      </div>
    </Section>
  );
}
