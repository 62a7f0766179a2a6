"use client";
// The campaign fields of the wheel editor page: DrawModeFields (in "Prêmios e chances": the draw
// mode explained in plain Portuguese with the legal reference, the no-prize segment) and
// CampaignRulesFields ("Regras da campanha": the period in São Paulo time, the play rule, the code
// validity, the authorization number and extra rules text).
import { useWatch, type UseFormReturn } from "react-hook-form";
import { Field, inputClass } from "@/components/ui/field";
import type { DrawMode } from "@/lib/validation/campaign";
import type { WheelFormOutput, WheelFormValues } from "@/lib/validation/wheels";

const MODES: { value: DrawMode; title: string; text: string }[] = [
  {
    value: "random",
    title: "Sorteio aleatório",
    text: "Cada giro sorteia o resultado com as chances abaixo. Atenção: em promoções comerciais “assemelhadas a vale-brinde”, a Portaria não admite sorteio eletrônico aleatório; prefira um dos modos abaixo.",
  },
  {
    value: "moments",
    title: "Momentos ganhadores (vale-brinde por data e hora)",
    text: "Antes do início, o sistema define um momento (data e hora) para cada unidade de prêmio, espalhados pelo período. Quem girar no momento ou logo depois ganha; os demais recebem a mensagem de “sem prêmio”. Exige início e fim.",
  },
  {
    value: "counter",
    title: "Contador (vale-brinde por ordem de participação)",
    text: "Cada participação recebe um número. Em cada prêmio você define “ganha a cada” N giros: o 10º, 20º, 30º... participante ganha.",
  },
];

type Form = UseFormReturn<WheelFormValues, unknown, WheelFormOutput>;

export function DrawModeFields({ form }: { form: Form }) {
  const { register, control, formState } = form;
  const e = formState.errors;
  const mode = useWatch({ control, name: "draw_mode" });
  return (
    <div className="space-y-4">
      <div role="radiogroup" aria-labelledby="draw-mode-label" className="space-y-2">
        <p id="draw-mode-label" className="text-sm font-medium text-gray-700">
          Como os ganhadores são definidos
        </p>
        {MODES.map((m) => (
          <label
            key={m.value}
            className="flex gap-3 rounded-lg border border-gray-200 p-3 text-sm has-[:checked]:border-brand-600"
          >
            <input type="radio" value={m.value} className="mt-1 h-4 w-4 accent-brand-600" {...register("draw_mode")} />
            <span>
              <span className="block font-medium text-gray-900">{m.title}</span>
              <span className="block text-gray-700">{m.text}</span>
            </span>
          </label>
        ))}
        {e.draw_mode?.message && <p className="text-xs text-red-700">{e.draw_mode.message}</p>}
        <p className="text-xs text-gray-700">
          Referência: Lei nº 5.768/1971 e Portaria SEAE/ME nº 7.638/2022. A Roleta Premiada não pede a autorização da
          SPA/MF por você: quando a sua promoção for autorizada, informe o número do certificado em Regras da campanha.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {mode === "random" && (
          <Field
            type="number"
            min={0}
            inputMode="numeric"
            label="Peso de “sem prêmio”"
            hint="0: todo giro ganha enquanto houver estoque"
            error={e.no_prize_weight?.message}
            {...register("no_prize_weight", { valueAsNumber: true })}
          />
        )}
        <Field
          label="Texto de “sem prêmio”"
          maxLength={60}
          error={e.no_prize_label?.message}
          {...register("no_prize_label")}
        />
      </div>
    </div>
  );
}

export function CampaignRulesFields({ form }: { form: Form }) {
  const { register, formState } = form;
  const e = formState.errors;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          type="datetime-local"
          label="Início (horário de Brasília)"
          hint="Em branco: já começou"
          error={e.starts_at?.message}
          {...register("starts_at")}
        />
        <Field
          type="datetime-local"
          label="Fim (horário de Brasília)"
          hint="Em branco: sem data para acabar"
          error={e.ends_at?.message}
          {...register("ends_at")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          type="number"
          min={1}
          max={365}
          inputMode="numeric"
          label="Pode jogar de novo a cada (dias)"
          hint="Em branco: uma vez por WhatsApp"
          error={e.replay_after_days?.message}
          {...register("replay_after_days")}
        />
        <Field
          type="number"
          min={1}
          max={365}
          inputMode="numeric"
          label="Validade do código (dias)"
          hint="Em branco: não expira"
          error={e.redeem_within_days?.message}
          {...register("redeem_within_days")}
        />
      </div>
      <Field
        label="Certificado de Autorização SPA/MF nº"
        maxLength={100}
        hint="Aparece na roleta e no regulamento"
        error={e.authorization_number?.message}
        {...register("authorization_number")}
      />
      <div>
        <label htmlFor="rules-text" className="mb-1 block text-sm font-medium text-gray-700">
          Texto adicional do regulamento
        </label>
        <textarea
          id="rules-text"
          rows={4}
          maxLength={10_000}
          className={inputClass}
          aria-invalid={e.rules_text ? true : undefined}
          {...register("rules_text")}
        />
        {e.rules_text?.message && <p className="mt-1 text-xs text-red-700">{e.rules_text.message}</p>}
      </div>
    </div>
  );
}
