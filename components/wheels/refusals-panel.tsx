"use client";
// "Recusas" of a wheel (docs/api.md "Refusals (issue 28)"): why visitors could not play in a period,
// counted by reason, and the latest refusals with the contact masked. Phone-first: the counts are a
// two-column grid, the latest a plain list.
import { useId, useState } from "react";
import { inputClass } from "@/components/ui/field";
import { QueryState } from "@/components/ui/query-state";
import type { ReadAnswers, RefusalReason } from "@/lib/api-types";
import { shortDateTime } from "@/lib/dates/format";
import { useApi } from "@/lib/swr/use-api";

export const REFUSAL_LABELS: Record<RefusalReason, string> = {
  rate_limited: "Tentativas demais",
  duplicate: "Já jogou",
  invalid: "Dados inválidos",
  disposable_email: "E-mail temporário",
  not_verified: "WhatsApp não confirmado",
  sold_out: "Prêmios esgotados",
  closed: "Fora do período",
};

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toLocaleDateString("en-CA", { timeZone: "America/Sao_Paulo" });

export function RefusalsPanel({ wheelId }: { wheelId: string }) {
  const id = useId();
  const [start, setStart] = useState(() => isoDay(new Date(Date.now() - 29 * DAY_MS)));
  const [end, setEnd] = useState(() => isoDay(new Date()));
  const query = useApi<ReadAnswers["wheelRefusals"]>(`/wheels/${wheelId}/refusals`, {
    query: { start_date: start, end_date: end },
    errorText: "Erro ao carregar as recusas",
  });

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <div>
          <label htmlFor={`${id}-start`} className="mb-1 block text-sm font-medium text-gray-700">
            De
          </label>
          <input
            id={`${id}-start`}
            type="date"
            className={inputClass}
            value={start}
            max={end}
            onChange={(e) => e.target.value && setStart(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-end`} className="mb-1 block text-sm font-medium text-gray-700">
            Até
          </label>
          <input
            id={`${id}-end`}
            type="date"
            className={inputClass}
            value={end}
            min={start}
            onChange={(e) => e.target.value && setEnd(e.target.value)}
          />
        </div>
      </div>
      <QueryState
        query={query}
        loading="Carregando recusas..."
        isEmpty={(d) => Object.values(d.by_reason).every((n) => n === 0) && d.recent.length === 0}
        empty="Nenhuma recusa no período: todos os visitantes conseguiram jogar."
      >
        {(d) => (
          <div className="space-y-4">
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Recusas por motivo">
              {(Object.keys(REFUSAL_LABELS) as RefusalReason[]).map((r) => (
                <div key={r} className="rounded-lg border border-gray-200 p-3">
                  <dt className="text-xs text-gray-700">{REFUSAL_LABELS[r]}</dt>
                  <dd className="text-lg font-semibold text-gray-900">{d.by_reason[r].toLocaleString("pt-BR")}</dd>
                </div>
              ))}
            </dl>
            {d.recent.length > 0 && (
              <div>
                <h3 className="mb-2 text-sm font-medium text-gray-900">Últimas recusas</h3>
                <ul className="divide-y rounded-lg border text-sm">
                  {d.recent.map((r, i) => (
                    <li key={`${r.at}-${i}`} className="flex flex-wrap justify-between gap-x-3 gap-y-1 p-3">
                      <span className="font-medium text-gray-900">{REFUSAL_LABELS[r.reason]}</span>
                      <span className="text-gray-800">{r.contact ?? "Sem contato"}</span>
                      <span className="whitespace-nowrap text-gray-700">{shortDateTime(r.at)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}
