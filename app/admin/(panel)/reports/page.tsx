"use client";
// Relatórios: filters, stat cards, top 5 prizes, the last 7 days (chart and table), sales and
// redemptions (by prize and source, with a chart), the funnel
// (views -> spins -> prizes -> redeemed, per source and day), spin history by 50, CSV.
import { useState } from "react";
import { downloadUrl } from "@/components/leads/download";
import { EMPTY_FILTERS, FilterPanel, filterQuery, type Filters } from "@/components/leads/filters";
import { DailyChart } from "@/components/reports/daily-chart";
import { FunnelSection } from "@/components/reports/funnel-section";
import { RedemptionSection } from "@/components/reports/redemption-section";
import { UnitsSection } from "@/components/reports/units-section";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Card, EmptyState, PageHeader } from "@/components/ui/misc";
import { ListFooter } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { dayLabel, shortDateTime } from "@/lib/dates/format";
import { REPORT_TIMEOUT_MS } from "@/lib/swr/fetcher";
import { useLeads } from "@/lib/swr/use-leads";
import { useReport, type ReportAnswer } from "@/lib/swr/use-report";
import { notify } from "@/lib/ui/toast";

/** Spec section 9: the spin history comes 50 to a page. */
const HISTORY_PAGE_SIZE = 50;

const pct = (n: number) => `${n.toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;

function Figures({ report }: { report: ReportAnswer }) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-tour="reports-stats">
        {[
          ["Total de giros", report.stats.total_spins.toLocaleString("pt-BR")],
          ["Participantes únicos", report.stats.unique_users.toLocaleString("pt-BR")],
          ["Prêmios distribuídos", report.stats.products_distributed.toLocaleString("pt-BR")],
          ["Taxa de sucesso", pct(report.stats.success_rate)],
        ].map(([label, value]) => (
          <Card key={label} className="p-3 sm:p-5">
            <p className="text-xs text-gray-700 sm:text-sm">{label}</p>
            <p className="mt-1 text-xl font-bold text-gray-900 sm:text-2xl">{value}</p>
          </Card>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="mb-3 font-semibold text-gray-900">Top 5 prêmios</h2>
          {report.top_products.length === 0 ? (
            <EmptyState>Nenhum prêmio distribuído no período.</EmptyState>
          ) : (
            <ol className="space-y-2 text-sm">
              {report.top_products.map((p, i) => (
                <li key={p.product_name} className="flex justify-between gap-3">
                  <span className="min-w-0 break-words">
                    {i + 1}. {p.product_name}
                  </span>
                  <span className="whitespace-nowrap text-gray-700">
                    {p.total_wins.toLocaleString("pt-BR")} ({pct(p.win_percentage)})
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Card>
        <Card className="min-w-0">
          <h2 className="mb-3 font-semibold text-gray-900">Atividade dos últimos 7 dias</h2>
          <DailyChart
            kind="bar"
            data={report.daily_activity}
            label="Gráfico de giros e participantes únicos por dia nos últimos 7 dias"
            series={[
              { key: "total_spins", name: "Giros", color: "#7c3aed" },
              { key: "unique_users", name: "Participantes únicos", color: "#0e7490" },
            ]}
          />
          <DataTable
            className="mt-3"
            caption="Atividade diária dos últimos 7 dias"
            rows={report.daily_activity}
            rowKey={(d) => d.date}
            columns={[
              { header: "Dia", cell: (d) => dayLabel(d.date) },
              { header: "Giros", cell: (d) => d.total_spins },
              { header: "Únicos", cell: (d) => d.unique_users },
            ]}
          />
        </Card>
      </div>
    </>
  );
}

export default function ReportsPage() {
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const q = filterQuery({
    wheel_id: filters.wheel_id,
    unit_id: filters.unit_id,
    start_date: filters.start_date,
    end_date: filters.end_date,
  });
  const report = useReport(q);
  const history = useLeads({ ...q, page, limit: HISTORY_PAGE_SIZE }, "Erro ao carregar relatórios", REPORT_TIMEOUT_MS);

  function changeFilters(f: Filters) {
    setFilters(f);
    setPage(1);
  }

  function exportCsv() {
    if (!history.data?.pagination.total) return notify.error("Nenhum dado para exportar");
    downloadUrl(`/api/reports/export?${new URLSearchParams(q)}`);
  }

  return (
    <>
      <PageHeader
        title="Relatórios"
        description="Giros, prêmios distribuídos e atividade diária."
        actions={<Button onClick={exportCsv}>Exportar CSV</Button>}
      />
      <FilterPanel
        value={filters}
        onChange={changeFilters}
        fields={["start_date", "end_date", "wheel_id", "unit_id"]}
        onClear={() => changeFilters(EMPTY_FILTERS)}
      />
      <div className="space-y-6">
        <QueryState query={report}>
          {(r) => (
            <>
              <Figures report={r} />
              <UnitsSection rows={r.by_unit} />
              <RedemptionSection figures={r.redemption} />
            </>
          )}
        </QueryState>
        <FunnelSection query={q} />
        <Card>
          <h2 className="mb-3 font-semibold text-gray-900">Histórico de giros</h2>
          <QueryState query={history} isEmpty={(h) => h.spins.length === 0} empty="Nenhum giro no período.">
            {(h) => (
              <>
                <DataTable
                  caption="Histórico de giros"
                  rows={h.spins}
                  rowKey={(s) => s.id}
                  columns={[
                    { header: "Participante", cell: (s) => s.customer_name },
                    { header: "Roleta", cell: (s) => s.wheel_name },
                    { header: "Prêmio", cell: (s) => s.product_name ?? "Sem prêmio" },
                    { header: "Data", cell: (s) => shortDateTime(s.created_at) },
                  ]}
                />
                <ListFooter pagination={h.pagination} onPage={setPage} />
              </>
            )}
          </QueryState>
        </Card>
      </div>
    </>
  );
}
