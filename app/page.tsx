// Landing page: a server component (no client JavaScript of its own) with metadata and JSON-LD.
// Its links do not prefetch: a visitor's phone would fetch the sign-in and sign-up screens' data as
// the header comes into view, work in the page's first seconds for screens few visitors open.
import type { Metadata } from "next";
import Link from "next/link";
import { EmailCta } from "@/components/landing/email-cta";
import { Benefits, Features, Footer, Results, Testimonials } from "@/components/landing/sections";

const TITLE = "Roleta Premiada — roleta de prêmios que captura leads";
const DESCRIPTION =
  "Crie roletas de prêmios para sua loja, clínica ou evento: o cliente lê o QR Code, deixa nome e WhatsApp com consentimento LGPD, gira e retira o prêmio no balcão. Teste grátis por 14 dias.";

export const metadata: Metadata = {
  title: { absolute: TITLE },
  description: DESCRIPTION,
  alternates: { canonical: "/" },
  openGraph: { title: TITLE, description: DESCRIPTION, type: "website", locale: "pt_BR" },
  robots: { index: true, follow: true },
};

const JSON_LD = {
  "@context": "https://schema.org",
  "@type": "SoftwareApplication",
  name: "Roleta Premiada",
  applicationCategory: "BusinessApplication",
  operatingSystem: "Web",
  description: DESCRIPTION,
  inLanguage: "pt-BR",
  offers: [
    { "@type": "Offer", name: "Free", price: "0", priceCurrency: "BRL" },
    { "@type": "Offer", name: "Pro", price: "97", priceCurrency: "BRL", description: "Plano anual" },
  ],
  aggregateRating: { "@type": "AggregateRating", ratingValue: "4.9", reviewCount: "127" },
};

export default function LandingPage() {
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(JSON_LD) }} />
      <header className="sticky top-0 z-20 border-b border-gray-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3">
          <Link href="/" prefetch={false} className="truncate text-lg font-extrabold text-brand-700 sm:text-xl">
            Roleta Premiada
          </Link>
          <nav aria-label="Acesso" className="flex shrink-0 items-center gap-1 sm:gap-3">
            <Link
              prefetch={false}
              href="/admin/login"
              className="rounded-lg px-2 py-2 text-sm font-medium whitespace-nowrap text-gray-800 hover:bg-gray-100 sm:px-3"
            >
              Entrar
            </Link>
            <Link
              prefetch={false}
              href="/admin/signup"
              className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-700 sm:px-4"
            >
              Começar Grátis
            </Link>
          </nav>
        </div>
      </header>
      <main>
        <section className="bg-gradient-to-br from-brand-50 via-white to-white">
          <div className="mx-auto flex max-w-6xl flex-col items-center px-4 py-20 text-center">
            <p className="rounded-full bg-brand-100 px-4 py-1 text-sm font-medium text-brand-800">
              14 dias grátis, sem cartão de crédito
            </p>
            <h1 className="mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">
              Transforme visitantes em clientes com uma roleta de prêmios
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-gray-700">{DESCRIPTION}</p>
            <div className="mt-10 flex w-full justify-center">
              <EmailCta id="hero-email" />
            </div>
          </div>
        </section>
        <Features />
        <Benefits />
        <Results />
        <Testimonials />
        <section id="comece" className="bg-brand-800 py-20 text-white">
          <div className="mx-auto flex max-w-3xl flex-col items-center px-4 text-center">
            <h2 className="text-3xl font-bold">Comece hoje a sua promoção</h2>
            <p className="mt-3 text-brand-100">
              Teste o plano Pro por 14 dias, sem cartão de crédito. Depois, continue no Free ou assine por R$ 97 por
              ano.
            </p>
            <div className="mt-8 flex w-full justify-center">
              <EmailCta id="cta-email" dark />
            </div>
          </div>
        </section>
      </main>
      <Footer />
    </>
  );
}
