import { Contact } from "../components/Contact.tsx";
import type { PageContext } from "../components/context.ts";
import { Document, jsonForScript } from "../components/Document.tsx";
import { Expertise } from "../components/Expertise.tsx";
import { Hero } from "../components/Hero.tsx";
import { Layout } from "../components/Layout.tsx";
import { Services } from "../components/Services.tsx";

/** schema.org data for search engines, built from the facts in site.yaml. */
function businessJsonLd(context: PageContext) {
  const { site } = context.content;
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: site.company.name,
    legalName: site.legal.companyName,
    url: `${context.siteUrl}${context.route.path}`,
    description: context.copy.home.meta.description,
    email: site.company.email,
    telephone: site.company.phoneHref,
    image: `${context.siteUrl}${context.assets.ogImage}`,
    logo: `${context.siteUrl}${context.assets.faviconPng}`,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.legal.street,
      postalCode: site.legal.postalCode,
      addressLocality: site.legal.city,
      addressCountry: "DE",
    },
    areaServed: "DE",
    knowsLanguage: context.model.locales.map((locale) => locale.code),
    sameAs: site.social.map((profile) => profile.url),
  };
}

export function HomePage({ context }: { context: PageContext }) {
  const { meta } = context.copy.home;
  return (
    <Document
      context={context}
      title={meta.title}
      description={meta.description}
      bodyAttributes={{ "data-page": "home" }}
      head={<script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(businessJsonLd(context)) }} />}
    >
      <Layout context={context}>
        <Hero context={context} />
        <Services context={context} />
        <Expertise context={context} />
        <Contact context={context} />
      </Layout>
    </Document>
  );
}
