// The results' plain pt-BR (docs/api.md "Experiments (issue 52)"): the contract's own sentence.
import { describe, expect, it } from "vitest";
import type { ExperimentResultsAnswer } from "@/lib/api-types";
import { resultsSentence, verdictText } from "@/lib/ui/experiment-sentence";

const arm = (over: Partial<ExperimentResultsAnswer["arms"][number]>) => ({
  key: "A",
  name: "A roleta A",
  visitors: 1000,
  plays: 0,
  leads: 0,
  wins: 0,
  redemptions: 0,
  orders: 0,
  revenue_cents: 0,
  discount_cents: 0,
  revenue_per_visitor_cents: 0,
  profit_per_visitor_cents: 0,
  leads_per_visitor: 0,
  redemptions_per_visitor: 0,
  p_best: 0,
  vs_holdout: null,
  ...over,
});

const results = (arms: ExperimentResultsAnswer["arms"], over: Partial<ExperimentResultsAnswer> = {}) => ({
  status: "running" as const,
  visitors_total: 3000,
  srm: { p_value: 0.5, alarm: false },
  verdict: "winner" as const,
  winner_arm: "B",
  needed_visitors: null,
  arms,
  ...over,
});

describe("results sentence", () => {
  it("says the contract's sentence for money against the holdout", () => {
    const r = results([
      arm({ key: "A", p_best: 0.02, vs_holdout: { uplift: 10, interval95: [-20, 40], p_better: 0.6 } }),
      arm({
        key: "B",
        name: "A roleta B",
        p_best: 0.97,
        vs_holdout: { uplift: 41, interval95: [5, 80], p_better: 0.97 },
      }),
      arm({ key: "H", name: "Sem roleta", p_best: 0.01 }),
    ]);
    expect(resultsSentence("revenue_per_visitor", r).replace(/\u00a0/g, " ")).toBe(
      "A roleta B tem 97% de chance de vender mais que não mostrar nada; receita extra estimada de R$ 0,41 por visitante, entre R$ 0,05 e R$ 0,80",
    );
    expect(verdictText(r)).toBe("Vencedora: A roleta B.");
  });

  it("counts what is still needed while collecting", () => {
    const r = results([arm({})], { verdict: "collecting", needed_visitors: 1800, winner_arm: null });
    expect(verdictText(r)).toBe("Coletando dados: faltam ~1.800 visitantes para uma conclusão.");
  });
});
