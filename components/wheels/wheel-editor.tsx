"use client";
// The wheel editor page (/admin/wheels/nova and /admin/wheels/{id}): one form read top to bottom,
// Básico · Prêmios e chances · Regras da campanha · Formulário · Aparência · Divulgação, saved
// with its prizes in one call (POST/PUT /wheels with `products`). The sticky bar at the bottom
// holds the save button and whatever stops the save (the plan limit, the server's refusal, how
// many fields need fixing), so the answer to "Salvar" is always in view.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useWatch, type FieldErrors } from "react-hook-form";
import { useAdmin } from "@/components/admin/admin-context";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { Field, inputClass } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/misc";
import { PlanLimitNotice } from "@/components/ui/plan-limit-notice";
import { QueryState } from "@/components/ui/query-state";
import { can } from "@/lib/auth/permissions";
import { DEFAULT_THEME } from "@/lib/campaigns/dto";
import { slugify } from "@/lib/company/slug";
import { toSpWallClock } from "@/lib/dates/sao-paulo-day";
import { useApiForm } from "@/lib/forms/use-api-form";
import { endpoints } from "@/lib/swr/writes";
import { useApi } from "@/lib/swr/use-api";
import { useProducts } from "@/lib/swr/use-products";
import { useWheelProducts, type WheelProductsAnswer } from "@/lib/swr/use-wheel-products";
import { notify } from "@/lib/ui/toast";
import { useUnsavedGuard } from "@/lib/ui/use-unsaved-guard";
import { DEFAULT_NO_PRIZE_LABEL, type THEME_PRESETS } from "@/lib/validation/campaign";
import { wheelForm, type WheelFormValues } from "@/lib/validation/wheels";
import type { WheelDto } from "@/lib/wheels/dto";
import { CampaignRulesFields, DrawModeFields } from "./campaign-rules-fields";
import { PrizesFields, type PrizeInfo } from "./prizes-fields";
import { RefusalsPanel } from "./refusals-panel";
import { ShareSection } from "./share-section";
import { ThemeFields } from "./theme-fields";
import { GameField } from "./game-field";
import { VerifyContactField } from "./verify-contact-field";
import { VisitorFormFields } from "./visitor-form-fields";
import { RemindersFields } from "./reminders-fields";
import { REMINDERS_OFF } from "@/lib/validation/reminders";
import { WheelPreview } from "./wheel-preview";

type Preset = (typeof THEME_PRESETS)[number];
type Prize = WheelProductsAnswer["products"][number];

/** The API's largest page: every active product is offered for adding. */
const CATALOGUE_LIMIT = 1000;

const EMPTY: WheelFormValues = {
  name: "",
  slug: "",
  status: "draft",
  starts_at: "",
  ends_at: "",
  draw_mode: "random",
  no_prize_weight: 0,
  no_prize_label: DEFAULT_NO_PRIZE_LABEL,
  replay_after_days: "",
  redeem_within_days: "",
  authorization_number: "",
  rules_text: "",
  verify_contact: "none",
  theme: { primary_color: DEFAULT_THEME.primary_color, preset: DEFAULT_THEME.preset, logo_url: null },
  game: "wheel",
  fields: { email: "off", cpf: "off" },
  questions: [],
  unique_by: [],
  foreign_numbers: false,
  reminders: REMINDERS_OFF,
  products: [],
};

const wallClock = (iso: string | null) => (iso ? toSpWallClock(new Date(iso)) : "");

const rowsOf = (products: Prize[]) =>
  products.map((p) => ({
    product_id: p.id,
    odds_weight: p.odds_weight,
    daily_limit: p.daily_limit,
    win_every: p.win_every,
  }));

/** The form's values for a saved wheel: instants as São Paulo wall-clock times, numbers as text. */
const valuesOf = (w: WheelDto, prizes: Prize[]): WheelFormValues => ({
  name: w.name,
  slug: w.slug,
  status: w.status as WheelFormValues["status"],
  starts_at: wallClock(w.starts_at),
  ends_at: wallClock(w.ends_at),
  draw_mode: w.draw_mode,
  no_prize_weight: w.no_prize_weight,
  no_prize_label: w.no_prize_label,
  replay_after_days: w.replay_after_days?.toString() ?? "",
  redeem_within_days: w.redeem_within_days?.toString() ?? "",
  authorization_number: w.authorization_number ?? "",
  rules_text: w.rules_text ?? "",
  verify_contact: w.verify_contact,
  theme: { primary_color: w.theme.primary_color, preset: w.theme.preset as Preset, logo_url: w.theme.logo_url },
  game: w.game,
  fields: w.fields,
  questions: w.questions.map((q) => ({
    id: q.id,
    label: q.label,
    type: q.type,
    options_text: (q.options ?? []).join("\n"),
    required: q.required,
  })),
  unique_by: w.unique_by.filter((k) => k !== "whatsapp"),
  foreign_numbers: w.foreign_numbers,
  reminders: w.reminders,
  products: rowsOf(prizes),
});

/** Every message a form's errors hold, nested ones (a prize row's) included. */
function messagesOf(errors: FieldErrors): string[] {
  const out: string[] = [];
  const walk = (node: unknown, key: string) => {
    if (!node || typeof node !== "object" || key === "ref") return;
    const { message, type } = node as { message?: unknown; type?: unknown };
    if (typeof message === "string" && typeof type === "string") out.push(message);
    for (const [k, v] of Object.entries(node)) if (k !== "ref" && k !== "message") walk(v, k);
  };
  walk(errors, "");
  return out;
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-4 space-y-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-6"
    >
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-gray-700">{description}</p>}
      </div>
      {children}
    </section>
  );
}

function EditorForm({ wheel, prizes, catalogue }: { wheel: WheelDto | null; prizes: Prize[]; catalogue: PrizeInfo[] }) {
  const router = useRouter();
  const [limit, setLimit] = useState("");
  const [slugTouched, setSlugTouched] = useState(false);
  const form = useApiForm(wheelForm, { defaultValues: wheel ? valuesOf(wheel, prizes) : EMPTY });
  const { register, submit, setValue, formState, reset } = form;
  const e = formState.errors;
  // Submitting counts as leaving the edits behind: a new wheel's page changes to the saved one.
  const guard = useUnsavedGuard(formState.isDirty && !formState.isSubmitting);
  const info = useMemo(() => {
    const m = new Map<string, PrizeInfo>(prizes.map((p) => [p.id, p]));
    for (const p of catalogue) m.set(p.id, p);
    return m;
  }, [prizes, catalogue]);
  const names = useMemo(() => new Map([...info].map(([id, p]) => [id, p.name])), [info]);

  const nameField = register("name", {
    onChange: (ev: React.ChangeEvent<HTMLInputElement>) => {
      if (!wheel && !slugTouched) setValue("slug", slugify(ev.target.value));
    },
  });

  const save = submit(
    async (values) => {
      setLimit("");
      if (values.status === "active" && !values.products?.length)
        notify.info("Roleta ativa sem prêmios: ela não recebe participantes até você adicionar prêmios.", 8000);
      if (wheel) {
        const answer = await endpoints.wheels.update(wheel.id, values);
        reset(valuesOf(answer.wheel, answer.products ?? prizes));
        notify.success("Roleta atualizada com sucesso!");
      } else {
        const answer = await endpoints.wheels.create(values);
        notify.success("Roleta criada com sucesso!");
        router.replace(`/admin/wheels/${answer.wheel.id}`);
      }
    },
    {
      fallback: "Erro ao salvar roleta",
      conflictField: "slug",
      invalid: "Por favor, corrija os erros no formulário",
      onApiError: (err) => {
        if (err.status !== 402) return false;
        // The notice stays in the bar; the toast tells it at once wherever the eye is.
        setLimit(err.message);
        notify.error(err.message);
        return true;
      },
    },
  );

  const [status, prizeRows] = useWatch({ control: form.control, name: ["status", "products"] });
  // Saving an active wheel with no prize is allowed (prizes may come later) but never silent (issue 38).
  const noPrizes = status === "active" && !(prizeRows ?? []).length;
  const problems = messagesOf(e);
  const rootError = e.root?.server?.message;
  const fieldProblems = problems.filter((m) => m !== rootError);

  return (
    <div className="space-y-6">
      <form
        onSubmit={save}
        noValidate
        // A field focused after a failed save stays clear of the sticky save bar (issue 38).
        className="space-y-6 pb-4 [&_:is(input,select,textarea,button)]:scroll-mb-48"
        aria-label={wheel ? "Editar roleta" : "Nova roleta"}
      >
        <Section id="basico" title="Básico" description="O nome que os visitantes veem e o endereço da página.">
          <Field label="Nome" error={e.name?.message} {...nameField} />
          <Field
            label="Slug (endereço público)"
            hint="Apenas letras minúsculas, números e hífens"
            error={e.slug?.message}
            {...register("slug", { onChange: () => setSlugTouched(true) })}
          />
          <div>
            <label htmlFor="wheel-status" className="mb-1 block text-sm font-medium text-gray-700">
              Status
            </label>
            <select id="wheel-status" className={inputClass} {...register("status")}>
              <option value="draft">Rascunho (não pública)</option>
              <option value="active">Ativa (pública)</option>
            </select>
          </div>
        </Section>

        <Section
          id="premios"
          title="Prêmios e chances"
          description="Escolha como os ganhadores são definidos e os prêmios: os campos de cada prêmio mudam com o modo."
        >
          <DrawModeFields form={form} />
          <PrizesFields form={form} info={info} catalogue={catalogue} />
        </Section>

        <Section
          id="regras"
          title="Regras da campanha"
          description="Período, quantas vezes cada pessoa joga, validade do código e o regulamento."
        >
          <CampaignRulesFields form={form} />
        </Section>

        <Section id="formulario" title="Formulário" description="O que o visitante informa antes de girar.">
          <VisitorFormFields form={form} />
          <VerifyContactField form={form} />
        </Section>

        <Section
          id="lembretes"
          title="Lembretes"
          description="Avise o ganhador antes do prêmio vencer, por WhatsApp e/ou e-mail: mais prêmios retirados."
        >
          <RemindersFields form={form} />
        </Section>

        <Section id="aparencia" title="Aparência" description="O jogo, as cores e a logomarca da página da roleta.">
          <div className="grid gap-6 lg:grid-cols-[1fr_auto]">
            <div className="space-y-6">
              <GameField form={form} />
              <ThemeFields form={form} />
            </div>
            <WheelPreview form={form} names={names} />
          </div>
        </Section>

        <div
          className="sticky bottom-0 z-20 -mx-4 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur sm:mx-0 sm:rounded-xl sm:border"
          data-testid="save-bar"
        >
          <div className="space-y-2" aria-live="polite">
            {limit && <PlanLimitNotice message={limit} />}
            {noPrizes && (
              <p className="text-sm text-yellow-900" data-testid="no-prizes-warning">
                Roleta ativa sem prêmios: a página pública avisa que os prêmios acabaram até você adicionar prêmios em
                “Prêmios e chances”.
              </p>
            )}
            {rootError && (
              <p role="alert" className="text-sm text-red-700">
                {rootError}
              </p>
            )}
            {fieldProblems.length > 0 && (
              <p role="alert" className="text-sm text-red-700">
                {fieldProblems.length === 1
                  ? `Corrija o campo destacado: ${fieldProblems[0]}`
                  : `Corrija os ${fieldProblems.length} campos destacados. Primeiro: ${fieldProblems[0]}`}
              </p>
            )}
          </div>
          <div className="mt-2 flex flex-wrap items-center justify-end gap-2">
            <Link
              href="/admin/wheels"
              className="inline-flex min-h-11 items-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50"
            >
              Voltar às roletas
            </Link>
            <Button type="submit" loading={formState.isSubmitting} className="min-h-11">
              {wheel ? "Salvar alterações" : "Salvar roleta"}
            </Button>
          </div>
        </div>
      </form>
      <ShareOutsideForm wheel={wheel} />
      <ConfirmModal
        open={guard.asking}
        title="Sair sem salvar?"
        message="As alterações desta roleta ainda não foram salvas e serão perdidas."
        confirmLabel="Sair sem salvar"
        onConfirm={guard.leave}
        onClose={guard.stay}
      />
    </div>
  );
}

/**
 * Divulgação sits after the editor's form, not inside it: its own forms (a new source, the embed
 * wizard) would be forms inside a form, whose submit never reaches them (issue 38).
 */
function ShareOutsideForm({ wheel }: { wheel: WheelDto | null }) {
  return (
    <Section
      id="divulgacao"
      title="Divulgação"
      description="O link da roleta, o QR Code, os cartazes por origem e o código para o seu site."
    >
      {wheel ? (
        <ShareSection wheel={wheel} />
      ) : (
        <p className="text-sm text-gray-700">
          Salve a roleta para ver o link, o QR Code, os cartazes e o código para incorporar no seu site.
        </p>
      )}
    </Section>
  );
}

/** Outside the form: the refusals are read, never saved. */
function RefusalsSection({ wheelId }: { wheelId: string }) {
  return (
    <Section id="recusas" title="Recusas" description="Por que visitantes não conseguiram jogar, no período escolhido.">
      <RefusalsPanel wheelId={wheelId} />
    </Section>
  );
}

function useCatalogue() {
  const products = useProducts({ page: 1, limit: CATALOGUE_LIMIT, active: true });
  return { query: products, list: (products.data?.products ?? []) as PrizeInfo[] };
}

/** Staff who may not manage wheels read the page's sections they may use: the sharing tools. */
function ReadOnly({ wheel }: { wheel: WheelDto | null }) {
  return (
    <div className="space-y-6">
      <p className="rounded-lg border border-gray-200 bg-white p-4 text-sm text-gray-700">
        Apenas proprietários e administradores editam roletas.
      </p>
      {wheel && (
        <Section id="divulgacao" title="Divulgação">
          <ShareSection wheel={wheel} />
        </Section>
      )}
      {wheel && <RefusalsSection wheelId={wheel.id} />}
    </div>
  );
}

export function NewWheelEditor() {
  const { user } = useAdmin();
  const catalogue = useCatalogue();
  return (
    <>
      <PageHeader title="Nova roleta" description="Preencha de cima para baixo e salve: os prêmios vão junto." />
      {can(user.role, "manage_wheels") ? (
        <QueryState query={catalogue.query} loading="Carregando produtos...">
          {() => <EditorForm wheel={null} prizes={[]} catalogue={catalogue.list} />}
        </QueryState>
      ) : (
        <ReadOnly wheel={null} />
      )}
    </>
  );
}

export function WheelEditor({ wheelId }: { wheelId: string }) {
  const { user } = useAdmin();
  const wheel = useApi<{ wheel: WheelDto }>(`/wheels/${wheelId}`, {
    errorText: "Erro ao carregar a roleta",
    revalidateOnFocus: false,
  });
  const canWrite = can(user.role, "manage_wheels");
  return (
    <>
      <PageHeader
        title={wheel.data ? `Editar roleta · ${wheel.data.wheel.name}` : "Editar roleta"}
        description="Cada seção salva junto, com os prêmios, pelo botão no fim da página."
      />
      <QueryState query={wheel} loading="Carregando roleta...">
        {(d) => (canWrite ? <LoadedEditor wheel={d.wheel} /> : <ReadOnly wheel={d.wheel} />)}
      </QueryState>
    </>
  );
}

function LoadedEditor({ wheel }: { wheel: WheelDto }) {
  const prizes = useWheelProducts(wheel.id);
  const catalogue = useCatalogue();
  // A fresh form per saved wheel: its values start from what the server holds.
  return (
    <QueryState query={prizes} loading="Carregando prêmios...">
      {(p) => (
        <QueryState query={catalogue.query} loading="Carregando produtos...">
          {() => (
            <div className="space-y-6">
              <EditorForm key={wheel.id} wheel={wheel} prizes={p.products} catalogue={catalogue.list} />
              <RefusalsSection wheelId={wheel.id} />
            </div>
          )}
        </QueryState>
      )}
    </QueryState>
  );
}
