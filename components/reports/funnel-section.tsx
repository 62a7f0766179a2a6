"use client";
// "Funil": page views -> spins -> prizes -> handed over for the report's filters, per source and
// per day (a line chart with its table as the text alternative). Views come from the wheel page's
// beacon, counted per day; spins and prizes from the leads.
import { Line, LineChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { DataTable } from "@/components/ui/data-table";
import { Card } from "@/components/ui/misc";
import { QueryState } from "@/components/ui/query-state";
import { dayLabel } from "@/lib/dates/format";
import type { Query } from "@/lib/http/client";
import { useFunnel, type FunnelAnswer } from "@/lib/swr/use-funnel";

const pct = (n: number) => `${n.toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
const num = (n: number) => n.toLocaleString("pt-BR");

function Steps({ f }: { f: FunnelAnswer["funnel"] }) {
  const steps = [
    ["Visualizações", num(f.views), null],
    ["Giros", num(f.spins), `${pct(f.spin_rate)} das visualizações`],
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

function Chart({ daily }: { daily: FunnelAnswer["daily"] }) {
  const rows = daily.map((d) => ({ ...d, label: dayLabel(d.date, false) }));
  return (
    <div
      className="h-64 w-full"
      role="img"
      aria-label="Gráfico do funil por dia: visualizações, giros, prêmios e resgates"
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="label" tick={{ fill: "#374151", fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fill: "#374151", fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Line dataKey="views" name="Visualizações" stroke="#0e7490" />
          <Line dataKey="spins" name="Giros" stroke="#7c3aed" />
          <Line dataKey="wins" name="Prêmios" stroke="#15803d" />
          <Line dataKey="redeemed" name="Resgatados" stroke="#b45309" />
        </LineChart>
      </ResponsiveContainer>
    </div>
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
            <Chart daily={d.daily} />
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
