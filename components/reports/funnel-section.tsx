"use client";
// "Funil": page views -> spins -> prizes -> handed over for the report's filters, per source and
// per day (a line chart with its table as the text alternative). Views come from the wheel page's
// beacon, counted per day; spins and prizes from the leads.
import { DataTable } from "@/components/ui/data-table";
import { DailyChart } from "./daily-chart";
import { Card } from "@/components/ui/misc";
import { QueryState } from "@/components/ui/query-state";
import { dayLabel } from "@/lib/dates/format";
import type { Query } from "@/lib/swr/fetcher";
import { useFunnel, type FunnelAnswer } from "@/lib/swr/use-funnel";

const pct = (n: number) => `${n.toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
const num = (n: number) => n.toLocaleString("pt-BR");

function Steps({ f }: { f: FunnelAnswer["funnel"] }) {
  const steps = [
    ["Visualizações", num(f.views), null],
    // With no view counted (views older than the beacon, or the wheel opened from an embed or an app
    // that blocks it) a rate against views would read "0,00%" beside real spins.
    ["Giros", num(f.spins), f.views > 0 ? `${pct(f.spin_rate)} das visualizações` : "— sem visualizações contadas"],
    ["Prêmios", num(f.wins), `${pct(f.win_rate)} dos giros`],
    ["Resgatados", num(f.redeemed), `${pct(f.redeem_rate)} dos prêmios`],
  ] as const;
  return (
    <ol className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Etapas do funil">
      {steps.map(([label, value, rate]) => (
        <li key={label} className="rounded-lg border border-gray-200 p-3">
          <p className="text-xs text-gray-700 sm:text-sm">{label}</p>
          <p className="mt-1 text-xl font-bold text-gray-900">{value}</p>
          {rate && <p className="mt-1 text-xs text-gray-700">{rate}</p>}
        </li>
      ))}
    </ol>
  );
}

export function FunnelSection({ query }: { query: Query }) {
  const funnel = useFunnel(query);
  return (
    <Card className="min-w-0">
      <h2 className="mb-3 font-semibold text-gray-900">Funil</h2>
      <QueryState
        query={funnel}
        isEmpty={(d) => d.funnel.views === 0 && d.funnel.spins === 0}
        empty="Nenhuma visualização ou giro no período."
        loading="Carregando o funil..."
      >
        {(d) => (
          <div className="space-y-4">
            <Steps f={d.funnel} />
            <DataTable
              caption="Funil por origem"
              rows={d.by_source}
              rowKey={(s) => s.source_id ?? "direto"}
              columns={[
                { header: "Origem", cell: (s) => s.name },
                { header: "Visualizações", cell: (s) => num(s.views) },
                { header: "Giros", cell: (s) => num(s.spins) },
                { header: "Prêmios", cell: (s) => num(s.wins) },
                { header: "Resgatados", cell: (s) => num(s.redeemed) },
              ]}
            />
            <DailyChart
              kind="line"
              data={d.daily}
              label="Gráfico do funil por dia: visualizações, giros, prêmios e resgates"
              series={[
                { key: "views", name: "Visualizações", color: "#0e7490" },
                { key: "spins", name: "Giros", color: "#7c3aed" },
                { key: "wins", name: "Prêmios", color: "#15803d" },
                { key: "redeemed", name: "Resgatados", color: "#b45309" },
              ]}
            />
            <DataTable
              caption="Funil por dia"
              rows={d.daily}
              rowKey={(r) => r.date}
              columns={[
                { header: "Dia", cell: (r) => dayLabel(r.date) },
                { header: "Visualizações", cell: (r) => num(r.views) },
                { header: "Giros", cell: (r) => num(r.spins) },
                { header: "Prêmios", cell: (r) => num(r.wins) },
                { header: "Resgatados", cell: (r) => num(r.redeemed) },
              ]}
            />
          </div>
        )}
      </QueryState>
    </Card>
  );
}
