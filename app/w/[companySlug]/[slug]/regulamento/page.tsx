// The rules page (regulamento) of a campaign: generated from the data on every request, rendered on
// the server, indexed, and printable (print styles drop the chrome and the colours).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PrintButton } from "@/components/public-wheel/print-button";
import { HowWinnersAreChosen, PrizeTable } from "@/components/public-wheel/rules-draw";
import { rulesPageData, type RulesPageData } from "@/lib/spins/rules-page";
import { shortDate } from "@/lib/dates/format";
import { spDateTimeText } from "@/lib/dates/sao-paulo-day";
import { maskCnpj } from "@/lib/validation/cnpj";
import { questionsOf } from "@/lib/wheels/form-settings";
import { maskPhone } from "@/lib/validation/company";
import { GAME_ACTIONS, GAME_LABELS, gameOf } from "@/lib/games/names";
import { redirectIfMoved } from "@/lib/wheels/moved";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ companySlug: string; slug: string }>;
  searchParams?: Promise<Record<string, string | string[] | undefined>>;
};

const load = cache((companySlug: string, slug: string) => rulesPageData(companySlug, slug));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { companySlug, slug } = await params;
  const data = await load(companySlug, slug);
  if (!data) return { title: "Regulamento não encontrado", robots: { index: false } };
  const title = `Regulamento — ${data.wheel.name} — ${data.company.name}`;
  return {
    title: { absolute: title },
    description: `Regulamento da promoção ${data.wheel.name} de ${data.company.name}: período, prêmios, como participar e como os ganhadores são definidos.`,
  };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-6 break-inside-avoid">
      <h2 className="text-lg font-bold text-gray-900">{title}</h2>
      <div className="mt-2 space-y-2 text-gray-800">{children}</div>
    </section>
  );
}

function period({ wheel }: RulesPageData) {
  const from = wheel.startsAt
    ? `de ${spDateTimeText(wheel.startsAt)}`
    : `a partir de ${spDateTimeText(wheel.createdAt)}`;
  const to = wheel.endsAt ? ` até ${spDateTimeText(wheel.endsAt)}` : ", enquanto houver prêmios disponíveis";
  return `A promoção vale ${from}${to} (horário de Brasília).`;
}

/** The promoter's public contact (never a login e-mail): "e-mail x, telefone y", or null. */
function contact({ company }: RulesPageData) {
  const parts = [
    company.contactEmail && `e-mail ${company.contactEmail}`,
    company.phone && `telefone ${maskPhone(company.phone)}`,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}

function playRule({ wheel }: RulesPageData) {
  if (!wheel.replayAfterDays) return "Cada número de WhatsApp pode participar uma única vez nesta promoção.";
  const days = wheel.replayAfterDays === 1 ? "a cada dia" : `a cada ${wheel.replayAfterDays} dias`;
  return `Cada número de WhatsApp pode participar uma vez ${days}, contados em dias do calendário de Brasília a partir de ${shortDate(wheel.startsAt ?? wheel.createdAt)}.`;
}

/** The fields the wheel asks besides name and WhatsApp, as a phrase ("o seu e-mail, o seu CPF"). */
function extraFields({ wheel }: RulesPageData): string[] {
  const fields: string[] = [];
  if (wheel.formEmail === "required") fields.push("o seu e-mail");
  if (wheel.formEmail === "optional") fields.push("o seu e-mail (opcional)");
  if (wheel.formCpf === "required") fields.push("o seu CPF");
  if (wheel.formCpf === "optional") fields.push("o seu CPF (opcional)");
  if (questionsOf(wheel).length) fields.push("as respostas às perguntas do formulário");
  return fields;
}

/** One play per CPF / e-mail, when the wheel counts them besides the WhatsApp. */
function personRule({ wheel }: RulesPageData) {
  const keys = [wheel.uniqueBy.includes("cpf") && "CPF", wheel.uniqueBy.includes("email") && "e-mail"].filter(Boolean);
  return keys.length ? `A mesma regra vale para cada ${keys.join(" e para cada ")}.` : null;
}

function redeemRule({ wheel }: RulesPageData) {
  const validity = wheel.redeemWithinDays
    ? `O código vale por ${wheel.redeemWithinDays} ${wheel.redeemWithinDays === 1 ? "dia" : "dias"} a partir do dia da participação, até as 23h59 do último dia (horário de Brasília); depois disso o prêmio não pode mais ser retirado.`
    : "O código não tem prazo de validade enquanto a promoção existir.";
  return `Quem ganha recebe na tela um código de resgate, que deve ser apresentado no balcão da empresa promotora para retirar o prêmio. ${validity}`;
}

export default async function RulesPage({ params, searchParams }: Props) {
  const { companySlug, slug } = await params;
  const data = await load(companySlug, slug);
  if (!data) {
    await redirectIfMoved(companySlug, slug, "/regulamento", await searchParams);
    notFound();
  }
  const { company, wheel } = data;
  const game = gameOf(wheel.game);
  return (
    <main className="mx-auto max-w-3xl bg-white px-5 py-8 text-gray-900 print:max-w-none print:p-0">
      <nav className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <a href={data.wheelPath} className="text-sm font-semibold text-brand-700 underline">
          Voltar para a roleta
        </a>
        <PrintButton />
      </nav>
      <h1 className="text-2xl font-extrabold">Regulamento da promoção “{wheel.name}”</h1>
      <Section title="1. Empresa promotora">
        <p>
          {company.legalName ?? company.name}
          {company.legalName && company.legalName !== company.name && ` (${company.name})`}
          {company.cnpj ? `, CNPJ ${maskCnpj(company.cnpj)}` : ""}.
        </p>
        {contact(data) && <p>Contato: {contact(data)}.</p>}
      </Section>
      <Section title="2. Período">
        <p>{period(data)}</p>
      </Section>
      <Section title="3. Como participar">
        <p>
          A participação é gratuita. Acesse a página da promoção, informe o seu nome completo e o seu WhatsApp (a data
          de nascimento é opcional)
          {extraFields(data).length ? `, ${extraFields(data).join(", ")}` : ""}, aceite o uso dos dados para esta
          promoção e {GAME_ACTIONS[game]}.
        </p>
        <p data-testid="rules-game">
          Jogo: {GAME_LABELS[game]}. O resultado é sorteado pelo sistema no momento em que o participante joga, antes de
          aparecer na tela; o jogo apenas o revela. A participação é gratuita e não envolve apostas.
        </p>
        <p>{playRule(data)}</p>
        {personRule(data) && <p>{personRule(data)}</p>}
      </Section>
      <Section title="4. Prêmios">
        <PrizeTable data={data} />
      </Section>
      <Section title="5. Como os ganhadores são definidos">
        <HowWinnersAreChosen data={data} />
      </Section>
      <Section title="6. Retirada do prêmio">
        <p>{redeemRule(data)}</p>
      </Section>
      <Section title="7. Dados pessoais (LGPD)">
        <p>
          Os dados informados (nome, WhatsApp e, se informada, a data de nascimento) são usados exclusivamente para esta
          promoção, com o consentimento do participante, conforme a Lei nº 13.709/2018 (LGPD). O participante pode pedir
          acesso, correção ou exclusão dos seus dados à empresa promotora
          {contact(data) ? ` (${contact(data)})` : ""}.
        </p>
        {wheel.formEmail !== "off" && (
          <p>
            O e-mail é usado para a empresa promotora falar com o participante sobre esta promoção e, com o mesmo
            consentimento, enviar as suas comunicações.
          </p>
        )}
        {wheel.formCpf !== "off" && (
          <p data-testid="rules-cpf-why">
            Por que pedimos o CPF: para identificar cada participante e garantir
            {wheel.uniqueBy.includes("cpf") ? " uma participação por pessoa" : " a entrega do prêmio a quem ganhou"},
            como permite a LGPD (necessidade e finalidade). O CPF não é guardado por inteiro: guardamos apenas um código
            cifrado, que não permite recuperá-lo, e os dois últimos dígitos, para mostrá-lo mascarado (***.***.***-12).
          </p>
        )}
      </Section>
      {wheel.authorizationNumber && (
        <Section title="8. Autorização">
          <p>Certificado de Autorização SPA/MF nº {wheel.authorizationNumber}.</p>
        </Section>
      )}
      {wheel.rulesText && (
        <Section title="Disposições adicionais">
          <p className="whitespace-pre-line">{wheel.rulesText}</p>
        </Section>
      )}
    </main>
  );
}
