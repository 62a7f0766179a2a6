// Static sections of the landing page. The figures and testimonials are marketing text.
import { BarChart3, Code2, Palette, ShieldCheck, Smartphone, Sparkles, Timer, Users } from "lucide-react";

const FEATURES = [
  { icon: Palette, title: "Personalização", text: "Cores, prêmios, pesos e chances do seu jeito, com a sua marca." },
  {
    icon: BarChart3,
    title: "Relatórios",
    text: "Leads, giros, prêmios distribuídos e conversão em relatórios claros.",
  },
  {
    icon: Code2,
    title: "Incorporação fácil",
    text: "Link, QR Code ou iframe: coloque a roleta no balcão, no site ou no Instagram.",
  },
  {
    icon: ShieldCheck,
    title: "LGPD",
    text: "Consentimento registrado em cada participação, exportação e exclusão de dados.",
  },
];

const BENEFITS = [
  {
    icon: Users,
    title: "Capture leads qualificados",
    text: "Nome e WhatsApp de cada participante, prontos para o seu relacionamento.",
  },
  { icon: Smartphone, title: "Feita para o celular", text: "O cliente lê o QR Code, preenche e gira em segundos." },
  {
    icon: Sparkles,
    title: "Sorteio justo e seguro",
    text: "O sorteio acontece no servidor e o estoque de cada prêmio é respeitado.",
  },
  { icon: Timer, title: "Pronta em minutos", text: "Cadastre os prêmios, crie a roleta e compartilhe o link." },
];

const RESULTS = [
  { value: "300%", label: "mais conversões" },
  { value: "85%", label: "de engajamento" },
  { value: "5 min", label: "para configurar" },
  { value: "+1.000", label: "empresas" },
];

const TESTIMONIALS = [
  {
    name: "Mariana Alves",
    role: "Loja de cosméticos, São Paulo",
    text: "Em um fim de semana juntamos mais contatos do que em três meses de cadastro no caixa.",
  },
  {
    name: "Dr. Ricardo Lima",
    role: "Clínica odontológica, Curitiba",
    text: "Os pacientes adoram girar a roleta na recepção, e a equipe acompanha tudo pelo painel.",
  },
  {
    name: "Fernanda Rocha",
    role: "Organizadora de eventos, Recife",
    text: "Usamos o QR Code no estande e os brindes saíram na medida certa, sem estourar o estoque.",
  },
];

function Grid({ items }: { items: typeof FEATURES }) {
  return (
    <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {items.map(({ icon: Icon, title, text }) => (
        <div key={title} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
          <Icon className="h-8 w-8 text-brand-600" aria-hidden />
          <h3 className="mt-4 text-lg font-semibold text-gray-900">{title}</h3>
          <p className="mt-2 text-sm text-gray-700">{text}</p>
        </div>
      ))}
    </div>
  );
}

export function Features() {
  return (
    <section id="recursos" className="mx-auto max-w-6xl px-4 py-20">
      <h2 className="text-center text-3xl font-bold text-gray-900">Tudo o que a sua promoção precisa</h2>
      <Grid items={FEATURES} />
    </section>
  );
}

export function Benefits() {
  return (
    <section id="beneficios" className="bg-white py-20">
      <div className="mx-auto max-w-6xl px-4">
        <h2 className="text-center text-3xl font-bold text-gray-900">Por que usar a Roleta Premiada</h2>
        <Grid items={BENEFITS} />
      </div>
    </section>
  );
}

export function Results() {
  return (
    <section id="resultados" className="bg-brand-700 py-16 text-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 text-center sm:grid-cols-2 lg:grid-cols-4">
        {RESULTS.map((r) => (
          <div key={r.label}>
            <p className="text-4xl font-extrabold">{r.value}</p>
            <p className="mt-1 text-brand-100">{r.label}</p>
          </div>
        ))}
      </div>
      <p className="mt-8 text-center text-brand-100">Nota 4.9/5 em 127 avaliações</p>
    </section>
  );
}

export function Testimonials() {
  return (
    <section id="depoimentos" className="mx-auto max-w-6xl px-4 py-20">
      <h2 className="text-center text-3xl font-bold text-gray-900">Quem usa, recomenda</h2>
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <figure key={t.name} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
            <blockquote className="text-gray-800">“{t.text}”</blockquote>
            <figcaption className="mt-4 text-sm">
              <span className="font-semibold text-gray-900">{t.name}</span>
              <span className="block text-gray-600">{t.role}</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}

export function Footer() {
  // Every link goes somewhere real: a section of this page or a screen of the product.
  const columns = [
    {
      title: "Produto",
      links: [
        { label: "Recursos", href: "#recursos" },
        { label: "Benefícios", href: "#beneficios" },
        { label: "Resultados", href: "#resultados" },
      ],
    },
    {
      title: "Empresa",
      links: [
        { label: "Depoimentos", href: "#depoimentos" },
        { label: "Teste grátis", href: "/admin/signup" },
        { label: "Entrar", href: "/admin/login" },
      ],
    },
    {
      title: "Legal",
      links: [
        { label: "LGPD e seus dados", href: "#recursos" },
        { label: "Recuperar senha", href: "/forgot-password" },
      ],
    },
  ];
  return (
    <footer className="border-t border-gray-200 bg-white">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-12 sm:grid-cols-4">
        {/* The brand spans the row on a phone; the three columns share the rows below. */}
        <div className="col-span-2 sm:col-span-1">
          <p className="text-lg font-extrabold text-brand-700">Roleta Premiada</p>
          <p className="mt-2 text-sm text-gray-600">Roletas de prêmios que capturam leads.</p>
        </div>
        {columns.map((c) => (
          <div key={c.title}>
            <p className="font-semibold text-gray-900">{c.title}</p>
            <ul className="mt-3 space-y-2 text-sm">
              {c.links.map((l) => (
                <li key={l.label}>
                  <a href={l.href} className="text-gray-700 hover:text-brand-700">
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="pb-8 text-center text-xs text-gray-600">
        © {new Date().getFullYear()} Roleta Premiada. Todos os direitos reservados.
      </p>
    </footer>
  );
}
