// The experiment's results in the plain pt-BR a shop owner reads at a glance (docs/api.md
// "Experiments (issue 52)"): "A roleta B tem 97% de chance de vender mais que não mostrar nada;
// receita extra estimada de R$ 0,41 por visitante, entre R$ 0,05 e R$ 0,80".
import type { ExperimentAnswer, ExperimentResultsAnswer } from "@/lib/api-types";
import { money } from "./money";

type Metric = ExperimentAnswer["primary_metric"];
type Arm = ExperimentResultsAnswer["arms"][number];

const pct = (p: number) => `${Math.round(p * 100)}%`;
const thousands = (n: number) => n.toLocaleString("pt-BR");

const WHAT: Record<Metric, { more: string; extra: string; money: boolean }> = {
  revenue_per_visitor: { more: "vender mais", extra: "receita extra estimada", money: true },
  profit_per_visitor: { more: "dar mais lucro", extra: "lucro extra estimado", money: true },
  leads_per_visitor: { more: "trazer mais cadastros", extra: "cadastros a mais", money: false },
  redemptions_per_visitor: { more: "trazer mais resgates", extra: "resgates a mais", money: false },
};

/** "por visitante" in money, or "por 100 visitantes" for a rate (0.034 → "3,4"). */
function amount(value: number, isMoney: boolean) {
  if (isMoney) return money(Math.round(value));
  return (value * 100).toLocaleString("pt-BR", { maximumFractionDigits: 1 });
}

/** The best arm that shows a wheel (the holdout is the yardstick, not a candidate). */
function bestShown(r: ExperimentResultsAnswer): Arm | null {
  const shown = r.arms.filter((a) => a.vs_holdout !== null || !r.arms.some((b) => b.vs_holdout));
  return shown.reduce<Arm | null>((best, a) => (!best || a.p_best > best.p_best ? a : best), null);
}

export function resultsSentence(metric: Metric, r: ExperimentResultsAnswer): string {
  if (r.visitors_total === 0) return "Ainda não há visitantes neste teste.";
  const w = WHAT[metric];
  const arm = bestShown(r);
  if (!arm) return "Ainda não há visitantes neste teste.";
  const name = arm.name;
  if (!arm.vs_holdout) return `${name} tem ${pct(arm.p_best)} de chance de ser a melhor versão.`;
  const v = arm.vs_holdout;
  const unit = w.money ? "por visitante" : "por 100 visitantes";
  return (
    `${name} tem ${pct(v.p_better)} de chance de ${w.more} que não mostrar nada; ` +
    `${w.extra} de ${amount(v.uplift, w.money)} ${unit}, entre ${amount(v.interval95[0], w.money)} e ` +
    `${amount(v.interval95[1], w.money)}`
  );
}

/** What the verdict means, in words. */
export function verdictText(r: ExperimentResultsAnswer): string {
  if (r.verdict === "collecting")
    return `Coletando dados: faltam ~${thousands(r.needed_visitors ?? 0)} visitantes para uma conclusão.`;
  if (r.verdict === "winner") {
    const arm = r.arms.find((a) => a.key === r.winner_arm);
    return `Vencedora: ${arm?.name ?? r.winner_arm}.`;
  }
  return "Sem diferença clara entre as versões até agora.";
}

export const SRM_WARNING =
  "Atenção: a divisão de visitantes entre as versões não bate com os pesos. Algo pode estar impedindo uma das versões de carregar; não confie nestes números até resolver.";

/** Money per 1,000 visitors, as the screen lists each arm. */
export const perThousand = (centsPerVisitor: number) => money(Math.round(centsPerVisitor * 1000));
