"use client";
// Relatórios: filters, stat cards, top 5 prizes, the last 7 days (chart and table), spin history by 50, CSV.
import { useCallback, useEffect, useState } from "react";
import { downloadUrl } from "@/components/leads/download";
import { EMPTY_FILTERS, FilterPanel, filterQuery, type Filters } from "@/components/leads/filters";
import { Pager } from "@/components/leads/pager";
import { DailyChart } from "@/components/reports/daily-chart";
import { Button } from "@/components/ui/button";
import { Card, EmptyState, PageHeader, Spinner, Table } from "@/components/ui/misc";
import { api, errorText } from "@/lib/http/client";
import type { SpinDto } from "@/lib/spins/dto";
import { shortDateTime } from "@/lib/ui/dates";
import { notify } from "@/lib/ui/toast";

interface Report {
  stats: { total_spins: number; unique_users: number; products_distributed: number; success_rate: number };
  top_products: { product_name: string; total_wins: number; win_percentage: number }[];
  daily_activity: { date: string; total_spins: number; unique_users: number }[];
}

const pct = (n: number) => `${n.toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;

export default function ReportsPage() {
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const [report, setReport] = useState<Report | null>(null);
  const [history, setHistory] = useState<{ spins: SpinDto[]; pagination: { total: number; totalPages: number } } | null>(null);
  const [page, setPage] = useState(1);
  const q = filterQuery({ ...filters, search: "", status: "" });

  const load = useCallback(async () => {
    try {
      const [r, h] = await Promise.all([
        api<Report>("/reports", { query: q }),
        api<{ spins: SpinDto[]; pagination: { total: number; totalPages: number } }>("/wheels/spins/all", { query: { ...q, page, limit: 50 } }),
      ]);
      setReport(r);
      setHistory(h);
    } catch (err) {
      notify.error(errorText(err, "Erro ao carregar relatórios"));
    }
    // q is derived from filters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters.wheel_id, filters.start_date, filters.end_date, page]);

  useEffect(() => {
    void load();
  }, [load]);

  function exportCsv() {
    if (!history?.pagination.total) return notify.error("Nenhum dado para exportar");
    downloadUrl(`/api/reports/export?${new URLSearchParams(q)}`);
  }

  return (
    <>
      <PageHeader title="Relatórios" description="Giros, prêmios distribuídos e atividade diária." actions={<Button onClick={exportCsv}>Exportar CSV</Button>} />
      <FilterPanel value={filters} onChange={(f) => { setFilters(f); setPage(1); }} fields={["start_date", "end_date", "wheel_id"]}
        onClear={() => { setFilters(EMPTY_FILTERS); setPage(1); }} />
      {!report || !history ? (
        <Spinner />
      ) : (
        <div className="space-y-6">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-tour="reports-stats">
            {[
              ["Total de giros", report.stats.total_spins.toLocaleString("pt-BR")],
              ["Participantes únicos", report.stats.unique_users.toLocaleString("pt-BR")],
              ["Prêmios distribuídos", report.stats.products_distributed.toLocaleString("pt-BR")],
              ["Taxa de sucesso", pct(report.stats.success_rate)],
            ].map(([label, value]) => (
              <Card key={label}>
                <p className="text-sm text-gray-700">{label}</p>
                <p className="mt-1 text-2xl font-bold text-gray-900">{value}</p>
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
                    <li key={p.product_name} className="flex justify-between">
                      <span>{i + 1}. {p.product_name}</span>
                      <span className="text-gray-700">{p.total_wins.toLocaleString("pt-BR")} ({pct(p.win_percentage)})</span>
                    </li>
                  ))}
                </ol>
              )}
            </Card>
            <Card>
              <h2 className="mb-3 font-semibold text-gray-900">Atividade dos últimos 7 dias</h2>
              <DailyChart data={report.daily_activity} />
              <Table head={["Dia", "Giros", "Únicos"]} caption="Atividade diária dos últimos 7 dias">
                {report.daily_activity.map((d) => (
                  <tr key={d.date}>
                    <td className="px-4 py-2">{d.date.split("-").reverse().join("/")}</td>
                    <td className="px-4 py-2">{d.total_spins}</td>
                    <td className="px-4 py-2">{d.unique_users}</td>
                  </tr>
                ))}
              </Table>
            </Card>
          </div>
          <Card>
            <div className="mb-3 flex items-center justify-between">
              <h2 className="font-semibold text-gray-900">Histórico de giros</h2>
              <Pager page={page} totalPages={history.pagination.totalPages} onPage={setPage} />
            </div>
            <Table head={["Participante", "Roleta", "Prêmio", "Data"]} caption="Histórico de giros">
              {history.spins.map((s) => (
                <tr key={s.id}>
                  <td className="px-4 py-2">{s.customer_name}</td>
                  <td className="px-4 py-2">{s.wheel_name}</td>
                  <td className="px-4 py-2">{s.product_name ?? "Sem prêmio"}</td>
                  <td className="px-4 py-2">{shortDateTime(s.created_at)}</td>
                </tr>
              ))}
            </Table>
            {history.spins.length === 0 && <EmptyState>Nenhum giro no período.</EmptyState>}
          </Card>
        </div>
      )}
    </>
  );
}
