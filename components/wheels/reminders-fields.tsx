"use client";
// The wheel editor's "Lembretes" (docs/api.md "Reminders before the prize expires"): on which days
// before a prize expires the winner is reminded, and by which channels, with what a WhatsApp
// reminder costs said plainly (docs/decisions/reminders.md "What a WhatsApp reminder costs").
import type { UseFormReturn } from "react-hook-form";
import { inputClass } from "@/components/ui/field";
import type { ReadAnswers } from "@/lib/api-types";
import { useApi } from "@/lib/swr/use-api";
import { MAX_REMINDER_DAYS, REMINDERS_OFF, type ReminderChannel } from "@/lib/validation/reminders";
import type { WheelFormOutput, WheelFormValues } from "@/lib/validation/wheels";

type Form = UseFormReturn<WheelFormValues, unknown, WheelFormOutput>;

const DAY_OPTIONS = Array.from({ length: 30 }, (_, i) => i + 1);
const CHANNELS: { value: ReminderChannel; label: string }[] = [
  { value: "whatsapp", label: "WhatsApp" },
  { value: "email", label: "E-mail (quando o visitante informar)" },
];

const brl = (value: number) =>
  value.toLocaleString("pt-BR", {
    style: "currency",
    currency: "BRL",
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });

function CostNote() {
  const usage = useApi<ReadAnswers["whatsappUsage"]>("/integrations/whatsapp/usage", {
    errorText: "Não foi possível ler as mensagens pagas do mês",
  });
  const u = usage.data;
  return (
    <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="reminders-cost">
      <p>
        <strong>Quanto custa no WhatsApp:</strong> dentro de 24 horas depois da última mensagem do cliente, o lembrete
        vai como texto comum, sem custo. Fora dessa janela, ele vai pelo modelo de lembrete aprovado pela Meta, que
        cobra por mensagem de utilidade no Brasil
        {u ? (
          <>
            : cerca de <strong>{brl(u.price_brl)}</strong> por mensagem
          </>
        ) : null}
        . O e-mail não tem custo.
      </p>
      {u && (
        <p className="mt-1">
          Mensagens pagas neste mês: <strong data-testid="reminders-paid-count">{u.paid_messages}</strong>
          {u.paid_messages > 0 && <> (cerca de {brl(u.paid_messages * u.price_brl)})</>}.
        </p>
      )}
      {usage.errorMessage && <p className="mt-1">{usage.errorMessage}</p>}
    </div>
  );
}

export function RemindersFields({ form }: { form: Form }) {
  const value = form.watch("reminders") ?? REMINDERS_OFF;
  const errors = form.formState.errors.reminders;
  const set = (next: Partial<typeof value>) =>
    form.setValue(
      "reminders",
      { ...value, ...next },
      { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
    );
  const days = [...value.days_before];
  const setDay = (i: number, text: string) => {
    const next = [...days];
    if (text) next[i] = Number(text);
    else next.splice(i, 1);
    set({ days_before: next.filter((d) => Number.isInteger(d) && d > 0) });
  };
  const toggleChannel = (c: ReminderChannel, on: boolean) =>
    set({ channels: on ? [...new Set([...value.channels, c])] : value.channels.filter((x) => x !== c) });
  const daysError =
    errors?.days_before?.message ?? (errors?.days_before as { root?: { message?: string } })?.root?.message;
  const channelsError = errors?.channels?.message;

  return (
    <div className="space-y-4">
      <label className="flex items-center gap-2 text-sm font-medium text-gray-800">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-600"
          checked={value.enabled}
          onChange={(e) => set({ enabled: e.target.checked })}
        />
        Lembrar o ganhador antes do prêmio vencer
      </label>
      {value.enabled && (
        <>
          <fieldset>
            <legend className="mb-1 block text-sm font-medium text-gray-700">
              Quando lembrar (até {MAX_REMINDER_DAYS} lembretes, às 10h de Brasília)
            </legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {Array.from({ length: MAX_REMINDER_DAYS }, (_, i) => (
                <select
                  key={i}
                  aria-label={`${i + 1}º lembrete`}
                  className={inputClass}
                  value={days[i] ?? ""}
                  disabled={i > days.length}
                  onChange={(e) => setDay(i, e.target.value)}
                >
                  <option value="">{i === 0 ? "Escolha o dia" : "Sem lembrete"}</option>
                  {DAY_OPTIONS.map((d) => (
                    <option key={d} value={d}>
                      {d === 1 ? "1 dia antes" : `${d} dias antes`}
                    </option>
                  ))}
                </select>
              ))}
            </div>
            {daysError && <p className="mt-1 text-xs text-red-700">{daysError}</p>}
            <p className="mt-1 text-xs text-gray-600">
              Só para prêmios com validade (em Regras da campanha). Prêmios já entregues não recebem lembrete, e o
              visitante pode parar os lembretes pelo link da mensagem.
            </p>
          </fieldset>
          <fieldset>
            <legend className="mb-1 block text-sm font-medium text-gray-700">Por onde</legend>
            <div className="flex flex-wrap gap-4">
              {CHANNELS.map((c) => (
                <label key={c.value} className="flex items-center gap-2 text-sm text-gray-800">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-600"
                    checked={value.channels.includes(c.value)}
                    onChange={(e) => toggleChannel(c.value, e.target.checked)}
                  />
                  {c.label}
                </label>
              ))}
            </div>
            {channelsError && <p className="mt-1 text-xs text-red-700">{channelsError}</p>}
          </fieldset>
          {value.channels.includes("whatsapp") && <CostNote />}
        </>
      )}
    </div>
  );
}
