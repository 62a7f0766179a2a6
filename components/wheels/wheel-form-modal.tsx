"use client";
// Create/edit a wheel and its campaign rules. While creating, the slug follows the name (slugify)
// until edited by hand.
import { useState } from "react";
import { Field, inputClass } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Modal } from "@/components/ui/modal";
import { usePlanLimit } from "@/components/ui/plan-limit-notice";
import { slugify } from "@/lib/company/slug";
import { toSpWallClock } from "@/lib/dates/sao-paulo-day";
import { useApiForm } from "@/lib/forms/use-api-form";
import { endpoints } from "@/lib/swr/writes";
import type { Wheel } from "@/lib/swr/use-wheels";
import { notify } from "@/lib/ui/toast";
import { DEFAULT_THEME } from "@/lib/campaigns/dto";
import { DEFAULT_NO_PRIZE_LABEL, type THEME_PRESETS } from "@/lib/validation/campaign";

type Preset = (typeof THEME_PRESETS)[number];
import { wheelForm, type WheelFormValues } from "@/lib/validation/wheels";
import { CampaignRulesFields } from "./campaign-rules-fields";
import { ThemeFields } from "./theme-fields";

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
  theme: { primary_color: DEFAULT_THEME.primary_color, preset: DEFAULT_THEME.preset, logo_url: null },
};

const wallClock = (iso: string | null) => (iso ? toSpWallClock(new Date(iso)) : "");

/** The form's values for a saved wheel: instants as São Paulo wall-clock times, numbers as text. */
const valuesOf = (w: Wheel): WheelFormValues => ({
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
  theme: { primary_color: w.theme.primary_color, preset: w.theme.preset as Preset, logo_url: w.theme.logo_url },
});

function WheelForm({ wheel, onClose }: { wheel: Wheel | null; onClose: () => void }) {
  const limit = usePlanLimit();
  const [slugTouched, setSlugTouched] = useState(false);
  const form = useApiForm(wheelForm, { defaultValues: wheel ? valuesOf(wheel) : EMPTY });
  const { register, submit, setValue, formState } = form;
  const e = formState.errors;

  const nameField = register("name", {
    onChange: (ev: React.ChangeEvent<HTMLInputElement>) => {
      if (!wheel && !slugTouched) setValue("slug", slugify(ev.target.value));
    },
  });

  const save = submit(
    async (values) => {
      limit.clear();
      if (wheel) await endpoints.wheels.update(wheel.id, values);
      else await endpoints.wheels.create(values);
      notify.success(wheel ? "Roleta atualizada com sucesso!" : "Roleta criada com sucesso!");
      onClose();
    },
    {
      fallback: "Erro ao salvar roleta",
      conflictField: "slug",
      onApiError: limit.onApiError,
    },
  );

  return (
    <form onSubmit={save} noValidate className="space-y-4">
      {limit.notice}
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
      <CampaignRulesFields form={form} wheelId={wheel?.id ?? null} />
      <ThemeFields form={form} />
      <FormActions busy={formState.isSubmitting} onClose={onClose} />
    </form>
  );
}

export function WheelFormModal({ open, wheel, onClose }: { open: boolean; wheel: Wheel | null; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={wheel ? "Editar roleta" : "Nova roleta"} size="lg">
      {/* A fresh form per wheel: its values start from that wheel, or empty. */}
      <WheelForm key={wheel?.id ?? "new"} wheel={wheel} onClose={onClose} />
    </Modal>
  );
}
