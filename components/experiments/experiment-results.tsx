"use client";
// One experiment's results as a shop owner reads them (docs/api.md "Experiments (issue 52)"): the
// verdict in plain pt-BR, the SRM warning in words, each arm's money per 1,000 visitors and its
// chance of being the best, drawn as a bar.
import { QueryState } from "@/components/ui/query-state";
import type { CompanyExperiment } from "@/lib/swr/use-experiments";
import { useExperimentResults } from "@/lib/swr/use-experiments";
import { perThousand, resultsSentence, SRM_WARNING, verdictText } from "@/lib/ui/experiment-sentence";

export function ExperimentResults({ experiment }: { experiment: CompanyExperiment }) {
  const results = useExperimentResults(experiment.id);
  return (
    <QueryState query={results} loading="Carregando resultados...">
      {(r) => (
        <div className="mt-4 space-y-3">
          <p className="text-sm font-medium text-gray-900">{verdictText(r)}</p>
          <p className="text-sm text-gray-700">{resultsSentence(experiment.primary_metric, r)}</p>
          {r.srm.alarm && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {SRM_WARNING}
            </p>
          )}
          <ul className="space-y-2" aria-label="Resultados por versão">
            {r.arms.map((a) => (
              <li key={a.key} className="rounded-md border border-gray-200 p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium text-gray-900">{a.name}</span>
                  <span className="text-sm text-gray-700">
                    {perThousand(a.revenue_per_visitor_cents)} a cada 1.000 visitantes
                  </span>
                </div>
                <p className="mt-1 text-xs text-gray-600">
                  {a.visitors.toLocaleString("pt-BR")} visitantes · {a.leads} cadastros · {a.orders} pedidos
                </p>
                <div className="mt-2 flex items-center gap-2">
                  <div className="h-2 flex-1 rounded-full bg-gray-100" aria-hidden>
                    <div
                      className="h-2 rounded-full bg-brand-600"
                      style={{ width: `${Math.round(a.p_best * 100)}%` }}
                    />
                  </div>
                  <span className="text-xs text-gray-700">{Math.round(a.p_best * 100)}% de chance de ser a melhor</span>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </QueryState>
  );
}
