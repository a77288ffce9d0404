import { Contact } from "../components/Contact.tsx";
import type { PageContext } from "../components/context.ts";
import { Document } from "../components/Document.tsx";
import { Expertise } from "../components/Expertise.tsx";
import { Hero } from "../components/Hero.tsx";
import { Layout } from "../components/Layout.tsx";
import { Services } from "../components/Services.tsx";

export function HomePage({ context }: { context: PageContext }) {
  const { meta } = context.copy.home;
  return (
    <Document
      context={context}
      title={meta.title}
      description={meta.description}
      bodyAttributes={{ "data-page": "home" }}
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
