"use client";
// The embed wizard (docs/embed.md): when the wheel opens on the shop's site (trigger, display,
// pages, the source its leads are counted under), which sites may show it and the coupon link (the
// wheel's embed_origins and coupon_url, with the sites refused lately), then the snippet to copy with
// short install guides, and a live preview on a sample page.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { QueryState } from "@/components/ui/query-state";
import { shortDateTime } from "@/lib/dates/format";
import {
  isCssSelector,
  snippet,
  targetingError,
  TRIGGER_PARAM_START,
  WIZARD_MESSAGES,
  wizardDays,
  wizardTrigger,
  type Display,
  type SnippetOptions,
  type Targeting,
  type TriggerKind,
} from "@/lib/embed/snippet";
import { api, errorText } from "@/lib/swr/fetcher";
import { useSources } from "@/lib/swr/use-sources";
import { useWheels, type Wheel } from "@/lib/swr/use-wheels";
import { cn } from "@/lib/ui/cn";
import { notify } from "@/lib/ui/toast";
import { EMBED_MESSAGES, originFromLine } from "@/lib/validation/embed";
import { EmbedTargeting } from "./embed-targeting";

const TRIGGERS: { value: TriggerKind; label: string }[] = [
  { value: "auto", label: "Automático: ao sair da página no computador; depois de 8 segundos no celular" },
  { value: "exit", label: "Só ao sair da página (mouse saindo pelo topo; não abre no celular)" },
  { value: "delay", label: "Depois de alguns segundos" },
  { value: "scroll", label: "Ao rolar a página" },
  { value: "click", label: "Ao clicar em um elemento do site" },
  { value: "manual", label: "Só pelo código (RoletaPremiada.open())" },
];

const GUIDES: { title: string; steps: string[] }[] = [
  {
    title: "Nuvemshop",
    steps: [
      "No painel, abra Configurações › Códigos externos (ou Meu tema › Editar código avançado).",
      "Cole o código no campo de scripts do rodapé (todas as páginas) e salve.",
      "Adicione o endereço da loja (https://sualoja.com.br ou https://sualoja.lojavirtualnuvem.com.br) em Sites permitidos.",
    ],
  },
  {
    title: "Shopify",
    steps: [
      "Em Loja virtual › Temas, clique em … › Editar código e abra layout/theme.liquid.",
      "Cole o código logo antes de </body> e salve (ou use um app de scripts/“theme app embed”).",
      "Adicione https://sualoja.myshopify.com e o seu domínio próprio em Sites permitidos.",
    ],
  },
  {
    title: "WooCommerce / WordPress",
    steps: [
      "Instale um plugin de scripts no rodapé (por exemplo WPCode) ou edite o footer.php do tema filho.",
      "Cole o código no rodapé de todas as páginas e salve.",
      "Adicione o endereço do site em Sites permitidos.",
    ],
  },
  {
    title: "Qualquer site (HTML)",
    steps: [
      "Cole o código antes de </body> em cada página onde a roleta deve aparecer.",
      "Adicione o endereço do site em Sites permitidos.",
    ],
  },
];

/** The box's lines as origins (a bare host gets https://), or which line is wrong. */
function parseOrigins(text: string): { origins: string[]; error?: undefined } | { error: string; origins?: undefined } {
  const lines = text.split("\n");
  const origins: string[] = [];
  for (const [i, line] of lines.entries()) {
    for (const entry of line.split(/[\s,]+/).filter(Boolean)) {
      const origin = originFromLine(entry);
      if (!origin) return { error: `Linha ${i + 1} (${entry}): ${EMBED_MESSAGES.origin}` };
      if (!origins.includes(origin)) origins.push(origin);
    }
  }
  return { origins };
}

function Wizard({ wheel, company, appUrl }: { wheel: Wheel; company: string; appUrl: string }) {
  const [step, setStep] = useState(0);
  const [kind, setKind] = useState<TriggerKind>("auto");
  const [param, setParam] = useState("");
  const [display, setDisplay] = useState<Display>("popup");
  const [paths, setPaths] = useState("");
  const [days, setDays] = useState("7");
  const [source, setSource] = useState("");
  const [targeting, setTargeting] = useState<Targeting>({});
  const [origins, setOrigins] = useState(wheel.embed_origins.join("\n"));
  const [refused, setRefused] = useState(wheel.embed_refused_origins ?? []);
  const [couponUrl, setCouponUrl] = useState(wheel.coupon_url ?? "");
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState("");
  const [preview, setPreview] = useState(0);
  const sources = useSources(wheel.id).data?.sources ?? [];

  const chosen = wizardTrigger(kind, param, isCssSelector);
  const trigger = chosen.trigger ?? "";
  const frequencyDays = wizardDays(days);
  const stepOneError =
    chosen.error || (frequencyDays === null ? WIZARD_MESSAGES.days : "") || targetingError(targeting);
  const options: SnippetOptions = {
    company,
    wheel: wheel.slug,
    trigger,
    display,
    paths,
    frequencyDays: frequencyDays ?? 7,
    source,
    targeting,
  };
  const code = snippet(appUrl, options);
  const previewSrc = `/embed-preview?${new URLSearchParams({
    company,
    wheel: wheel.slug,
    trigger: !trigger || kind === "manual" || kind === "exit" ? "delay:1" : trigger,
    display,
    ...(source && { source }),
  })}`;

  function chooseKind(next: TriggerKind) {
    setKind(next);
    // Each trigger starts from its own value: a click selector never inherits "50" from scroll.
    setParam(TRIGGER_PARAM_START[next] ?? "");
  }

  async function save() {
    const parsed = parseOrigins(origins);
    if (parsed.error !== undefined) {
      setSaveError(parsed.error);
      return;
    }
    setSaving(true);
    setSaveError("");
    try {
      await api(`/wheels/${wheel.id}`, {
        method: "PUT",
        body: { embed_origins: parsed.origins, coupon_url: couponUrl.trim() },
      });
      setOrigins(parsed.origins.join("\n"));
      setRefused((list) => list.filter((r) => !parsed.origins.includes(r.origin)));
      notify.success("Configurações salvas!");
      setStep(2);
    } catch (err) {
      setSaveError(errorText(err, "Não foi possível salvar"));
    } finally {
      setSaving(false);
    }
  }

  const stepTitles = ["Quando abrir", "Sites e cupom", "Instalar"];
  return (
    <div className="space-y-4">
      <ol className="flex gap-2 text-xs font-medium" aria-label="Etapas">
        {stepTitles.map((t, i) => (
          <li
            key={t}
            aria-current={i === step ? "step" : undefined}
            className={`rounded-full px-3 py-1 ${i === step ? "bg-brand-600 text-white" : "bg-gray-100 text-gray-700"}`}
          >
            {i + 1}. {t}
          </li>
        ))}
      </ol>

      {step === 0 && (
        <fieldset className="space-y-3">
          <legend className="sr-only">Quando abrir</legend>
          <label className="block text-sm font-medium text-gray-800">
            Gatilho
            <select
              className={`${inputClass} mt-1`}
              value={kind}
              onChange={(e) => chooseKind(e.target.value as TriggerKind)}
            >
              {TRIGGERS.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </label>
          {(kind === "delay" || kind === "scroll" || kind === "click") && (
            <label className="block text-sm font-medium text-gray-800">
              {kind === "delay" ? "Segundos" : kind === "scroll" ? "Porcentagem rolada" : "Seletor CSS do elemento"}
              <input
                className={cn(`${inputClass} mt-1`, chosen.error && "border-red-500")}
                value={param}
                inputMode={kind === "click" ? "text" : "numeric"}
                placeholder={kind === "click" ? "#girar-roleta" : undefined}
                aria-invalid={chosen.error ? true : undefined}
                aria-describedby={chosen.error ? "embed-trigger-error" : undefined}
                onChange={(e) => setParam(e.target.value)}
              />
              {chosen.error && (
                <span id="embed-trigger-error" className="mt-1 block text-xs font-normal text-red-700">
                  {chosen.error}
                </span>
              )}
            </label>
          )}
          <div className="text-sm font-medium text-gray-800" role="radiogroup" aria-label="Exibição">
            Exibição
            <div className="mt-1 flex gap-4 font-normal">
              {(
                [
                  ["popup", "Janela (popup)"],
                  ["tab", 'Botão flutuante "Gire e ganhe"'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="embed-display"
                    checked={display === value}
                    onChange={() => setDisplay(value)}
                  />
                  {label}
                </label>
              ))}
            </div>
          </div>
          <label className="block text-sm font-medium text-gray-800">
            Páginas (opcional)
            <input
              className={`${inputClass} mt-1`}
              value={paths}
              placeholder="/, /produtos/*"
              onChange={(e) => setPaths(e.target.value)}
            />
            <span className="mt-1 block text-xs font-normal text-gray-600">
              Separe por vírgulas; * vale qualquer trecho. Em branco: todas as páginas.
            </span>
          </label>
          <label className="block text-sm font-medium text-gray-800">
            Depois de fechada, mostrar de novo após (dias)
            <input
              className={cn(`${inputClass} mt-1`, frequencyDays === null && "border-red-500")}
              inputMode="numeric"
              value={days}
              aria-invalid={frequencyDays === null ? true : undefined}
              aria-describedby="embed-days-hint"
              onChange={(e) => setDays(e.target.value)}
            />
            <span
              id="embed-days-hint"
              className={cn(
                "mt-1 block text-xs font-normal",
                frequencyDays === null ? "text-red-700" : "text-gray-600",
              )}
            >
              {frequencyDays === null
                ? WIZARD_MESSAGES.days
                : 'Quem já girou não vê a roleta de novo: vê um botão "Seu prêmio".'}
            </span>
          </label>
          <label className="block text-sm font-medium text-gray-800">
            Origem dos leads (opcional)
            <select className={`${inputClass} mt-1`} value={source} onChange={(e) => setSource(e.target.value)}>
              <option value="">Nenhuma (os leads aparecem como &quot;Link direto&quot;)</option>
              {sources.map((s) => (
                <option key={s.id} value={s.key}>
                  {s.name}
                </option>
              ))}
            </select>
            <span className="mt-1 block text-xs font-normal text-gray-600">
              Os leads que vierem do site aparecem com esta origem. Crie origens em Divulgação › Origens.
            </span>
          </label>
          <EmbedTargeting value={targeting} onChange={setTargeting} />
        </fieldset>
      )}

      {step === 1 && (
        <fieldset className="space-y-3">
          <legend className="sr-only">Sites e cupom</legend>
          <label className="block text-sm font-medium text-gray-800">
            Sites permitidos (um por linha)
            <textarea
              className={`${inputClass} mt-1 font-mono text-xs`}
              rows={3}
              value={origins}
              placeholder="https://sualoja.com.br"
              onChange={(e) => setOrigins(e.target.value)}
            />
            <span className="mt-1 block text-xs font-normal text-gray-600">
              Só estes sites poderão exibir a roleta. Em branco: qualquer site. Inclua o endereço com e sem www.
            </span>
          </label>
          {refused.length > 0 && (
            <div className="rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900">
              <p className="font-medium">Sites fora da lista que tentaram exibir a roleta (ela não abriu neles):</p>
              <ul className="mt-2 space-y-1">
                {refused.map((r) => (
                  <li key={r.origin} className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-xs break-all">{r.origin}</span>
                    <span className="text-xs">em {shortDateTime(r.at)}</span>
                    <Button
                      variant="secondary"
                      aria-label={`Permitir ${r.origin}`}
                      onClick={() => {
                        setOrigins((text) => `${text.trim() ? `${text.trim()}\n` : ""}${r.origin}`);
                        setRefused((list) => list.filter((x) => x.origin !== r.origin));
                      }}
                    >
                      Permitir
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <label className="block text-sm font-medium text-gray-800">
            Link do cupom (opcional)
            <input
              className={`${inputClass} mt-1`}
              value={couponUrl}
              placeholder="https://sualoja.com.br/desconto/{code}"
              onChange={(e) => setCouponUrl(e.target.value)}
            />
            <span className="mt-1 block text-xs font-normal text-gray-600">
              O botão &quot;Usar meu cupom&quot; do resultado leva a este link; {"{code}"} vira o código ganho.
            </span>
          </label>
          {saveError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
              {saveError}
            </p>
          )}
        </fieldset>
      )}

      {step === 2 && (
        <div className="space-y-3">
          <label htmlFor="embed-code" className="block text-sm font-medium text-gray-800">
            Código para o seu site
          </label>
          <textarea
            id="embed-code"
            readOnly
            rows={4}
            className={`${inputClass} font-mono text-xs`}
            value={code}
            onFocus={(e) => e.target.select()}
          />
          <Button
            onClick={() =>
              navigator.clipboard.writeText(code).then(
                () => notify.success("Código copiado!"),
                () => notify.error("Não foi possível copiar"),
              )
            }
          >
            Copiar código
          </Button>
          <div className="space-y-2">
            {GUIDES.map((g) => (
              <details key={g.title} className="rounded-lg border border-gray-200 p-3 text-sm">
                <summary className="cursor-pointer font-medium text-gray-900">Como instalar: {g.title}</summary>
                <ol className="mt-2 list-decimal space-y-1 pl-5 text-gray-700">
                  {g.steps.map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                </ol>
              </details>
            ))}
          </div>
        </div>
      )}

      <div className="rounded-lg border border-gray-200">
        <div className="flex items-center justify-between border-b border-gray-200 px-3 py-2">
          <span className="text-sm font-medium text-gray-800">Prévia numa página de exemplo</span>
          <Button variant="secondary" disabled={!!stepOneError} onClick={() => setPreview((n) => n + 1)}>
            {preview ? "Recarregar prévia" : "Ver prévia"}
          </Button>
        </div>
        {preview > 0 && (
          <iframe
            key={`${previewSrc}#${preview}`}
            src={previewSrc}
            title="Prévia da roleta no site"
            className="h-96 w-full"
          />
        )}
      </div>

      <div className="flex justify-between">
        <Button variant="ghost" onClick={() => setStep((s) => s - 1)} disabled={step === 0}>
          Voltar
        </Button>
        {step === 0 && (
          <Button onClick={() => setStep(1)} disabled={!!stepOneError}>
            Próximo
          </Button>
        )}
        {step === 1 && (
          <Button onClick={save} loading={saving}>
            Salvar e continuar
          </Button>
        )}
      </div>
    </div>
  );
}

/** The company and wheel slugs of a public wheel URL (/w/{company}/{wheel}). */
function slugsOf(url: string) {
  const m = /\/w\/([^/?#]+)\/([^/?#]+)/.exec(url);
  return m ? { company: decodeURIComponent(m[1]), wheel: decodeURIComponent(m[2]), origin: new URL(url).origin } : null;
}

export function EmbedWizard({ url, onClose }: { url: string | null; onClose: () => void }) {
  const slugs = url ? slugsOf(url) : null;
  const wheels = useWheels({ page: 1, limit: 100, search: slugs?.wheel });
  return (
    <Modal
      open={!!url}
      onClose={onClose}
      size="lg"
      title="Colocar a roleta no seu site"
      description="Escolha quando ela abre, copie o código e veja a prévia."
    >
      {slugs && (
        <QueryState query={wheels} loading="Carregando roleta...">
          {(d) => {
            const wheel = d.wheels.find((w) => w.slug === slugs.wheel);
            if (!wheel) return <p className="text-sm text-gray-700">Roleta não encontrada.</p>;
            return (
              <>
                {wheel.status !== "active" && (
                  <p className="mb-3 rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900">
                    Esta roleta está em rascunho: ative-a para que apareça no site.
                  </p>
                )}
                <Wizard wheel={wheel} company={slugs.company} appUrl={slugs.origin} />
              </>
            );
          }}
        </QueryState>
      )}
    </Modal>
  );
}
