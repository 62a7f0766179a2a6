"use client";
// Relatórios -> Vendas e resgates (docs/api.md "Redemption figures (issue 39)"): of the prizes won in
// the period, how many were used, where, the orders and the money they brought, the median time
// to use them; a chart of won vs used by prize, and tables by prize and by source (the chart's text
// alternative).
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { DataTable } from "@/components/ui/data-table";
import { Card, EmptyState } from "@/components/ui/misc";
import type { ReportAnswer } from "@/lib/swr/use-report";
import { money } from "@/lib/ui/money";

type Figures = ReportAnswer["redemption"];

const pct = (n: number) => `${n.toLocaleString("pt-BR", { maximumFractionDigits: 2 })}%`;

function hoursText(h: number | null) {
  if (h === null) return "—";
  if (h < 1) return `${Math.max(1, Math.round(h * 60))} min`;
  if (h < 48) return `${h.toLocaleString("pt-BR", { maximumFractionDigits: 1 })} h`;
  return `${Math.round(h / 24)} dias`;
}

export function RedemptionSection({ figures: r }: { figures: Figures }) {
  const cards = [
    ["Vendas com cupons da roleta", money(r.revenue_cents, r.currency)],
    ["Pedidos", r.orders.toLocaleString("pt-BR")],
    ["Taxa de resgate", `${pct(r.rate)} (${r.redeemed.toLocaleString("pt-BR")} de ${r.won.toLocaleString("pt-BR")})`],
    ["Tempo até o resgate (mediana)", hoursText(r.median_hours_to_redeem)],
  ];
  const chart = r.by_prize.slice(0, 8).map((p) => ({ name: p.product_name, won: p.won, redeemed: p.redeemed }));
  return (
    <Card className="min-w-0 space-y-4">
      <div>
        <h2 id="redemption-title" className="font-semibold text-gray-900">
          Vendas e resgates
        </h2>
        <p className="text-sm text-gray-700">
          Dos prêmios ganhos no período: quantos foram usados (no balcão {r.by_channel.counter.toLocaleString("pt-BR")},
          na loja on-line {r.by_channel.store.toLocaleString("pt-BR")}, no caixa{" "}
          {r.by_channel.api.toLocaleString("pt-BR")}) e quanto venderam os pedidos.
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-gray-200 p-3">
            <p className="text-xs text-gray-700 sm:text-sm">{label}</p>
            <p className="mt-1 text-lg font-bold break-words text-gray-900 sm:text-xl">{value}</p>
          </div>
        ))}
      </div>
      {r.won === 0 ? (
        <EmptyState>Nenhum prêmio ganho no período.</EmptyState>
      ) : (
        <>
          <div className="h-64 w-full" role="img" aria-label="Gráfico de prêmios ganhos e usados por prêmio">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={chart}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
                <XAxis dataKey="name" tick={{ fill: "#374151", fontSize: 12 }} />
                <YAxis allowDecimals={false} tick={{ fill: "#374151", fontSize: 12 }} />
                <Tooltip />
                <Legend />
                <Bar dataKey="won" name="Ganhos" fill="#7c3aed" />
                <Bar dataKey="redeemed" name="Usados" fill="#0e7490" />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <DataTable
            caption="Resgates e vendas por prêmio"
            rows={r.by_prize}
            rowKey={(p) => p.product_name}
            columns={[
              { header: "Prêmio", cell: (p) => p.product_name },
              { header: "Ganhos", cell: (p) => p.won.toLocaleString("pt-BR") },
              { header: "Usados", cell: (p) => `${p.redeemed.toLocaleString("pt-BR")} (${pct(p.rate)})` },
              { header: "Vendas", cell: (p) => money(p.revenue_cents, r.currency) },
            ]}
          />
          <DataTable
            caption="Resgates e vendas por origem"
            rows={r.by_source}
            rowKey={(s) => s.source_id ?? ""}
            columns={[
              {
                header: "Origem",
                cell: (s) => (s.source_id ? (s.source_name ?? "Origem excluída") : "Link direto (sem origem)"),
              },
              { header: "Ganhos", cell: (s) => s.won.toLocaleString("pt-BR") },
              { header: "Usados", cell: (s) => `${s.redeemed.toLocaleString("pt-BR")} (${pct(s.rate)})` },
              { header: "Vendas", cell: (s) => money(s.revenue_cents, r.currency) },
            ]}
          />
        </>
      )}
    </Card>
  );
}
