"use client";
// Leads: stats, filters, paged table and CSV export, all computed by the server over every row.
import { useCallback, useEffect, useState } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { downloadUrl } from "@/components/leads/download";
import { EMPTY_FILTERS, FilterPanel, filterQuery, type Filters } from "@/components/leads/filters";
import { LgpdButton } from "@/components/leads/lgpd-panel";
import { Pager } from "@/components/leads/pager";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Badge, Card, EmptyState, PageHeader, Spinner, Table } from "@/components/ui/misc";
import { can } from "@/lib/auth/permissions";
import { api, errorText } from "@/lib/http/client";
import type { SpinDto } from "@/lib/spins/dto";
import { formatWhatsapp } from "@/lib/spins/whatsapp";
import { shortDateTime } from "@/lib/ui/dates";
import { notify } from "@/lib/ui/toast";
import { useDebounced } from "@/lib/ui/use-debounced";

interface LeadsAnswer {
  spins: SpinDto[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
  stats: { total_leads: number; unique_leads: number; leads_with_prizes: number; conversion_rate: number };
}

const PAGE_SIZES = [10, 20, 50, 100];
/** The spec's page sizes: 10 when the screen opens, 20 after the filters are cleared. */
const INITIAL_LIMIT = 10;
const RESET_LIMIT = 20;

export default function LeadsPage() {
  const { user } = useAdmin();
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const debounced = useDebounced(filters, 300);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(INITIAL_LIMIT);
  const [data, setData] = useState<LeadsAnswer | null>(null);

  const load = useCallback(async () => {
    try {
      setData(await api<LeadsAnswer>("/wheels/spins/all", { query: { ...filterQuery(debounced), page, limit } }));
    } catch (err) {
      notify.error(errorText(err, "Erro ao carregar leads"));
    }
  }, [debounced, page, limit]);

  useEffect(() => {
    void load();
  }, [load]);

  function changeFilters(f: Filters) {
    setFilters(f);
    setPage(1);
  }

  function exportCsv() {
    if (!data?.pagination.total) return notify.error("Nenhum lead para exportar");
    downloadUrl(`/api/wheels/spins/export?${new URLSearchParams(filterQuery(filters))}`);
  }

  const s = data?.stats;
  const cards = s && [
    { label: "Total de leads", value: s.total_leads.toLocaleString("pt-BR") },
    { label: "Leads únicos", value: s.unique_leads.toLocaleString("pt-BR") },
    { label: "Com prêmio", value: s.leads_with_prizes.toLocaleString("pt-BR") },
    { label: "Taxa de conversão", value: `${s.conversion_rate.toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%` },
  ];

  return (
    <>
      <PageHeader
        title="Leads"
        description="Todos os participantes das suas roletas."
        actions={<>{can(user.role, "manage_lgpd") && <LgpdButton onErased={load} />}<Button onClick={exportCsv}>Exportar CSV</Button></>}
      />
      <div className="mb-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {(cards ?? []).map((c) => (
          <Card key={c.label}>
            <p className="text-sm text-gray-700">{c.label}</p>
            <p className="mt-1 text-2xl font-bold text-gray-900" data-testid={`stat-${c.label}`}>{c.value}</p>
          </Card>
        ))}
      </div>
      <FilterPanel value={filters} onChange={changeFilters} fields={["search", "status", "start_date", "end_date", "wheel_id"]}
        onClear={() => { changeFilters(EMPTY_FILTERS); setLimit(RESET_LIMIT); }} />
      {!data ? (
        <Spinner />
      ) : (
        <div data-tour="leads-table">
          <Table head={["Nome", "WhatsApp", "Roleta", "Prêmio", "Resgate", "Data"]} caption="Lista de leads">
            {data.spins.map((l) => {
              const digits = l.whatsapp.replace(/\D/g, "");
              return (
                <tr key={l.id}>
                  <td className="px-4 py-3 font-medium text-gray-900">{l.customer_name}</td>
                  <td className="px-4 py-3">
                    <a href={`https://wa.me/${digits}`} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">{formatWhatsapp(l.whatsapp)}</a>
                  </td>
                  <td className="px-4 py-3 text-gray-800">{l.wheel_name}</td>
                  <td className="px-4 py-3">{l.has_won ? <Badge color="green">{l.product_name}</Badge> : <Badge>Sem prêmio</Badge>}</td>
                  <td className="px-4 py-3 text-gray-800">{!l.has_won ? "—" : l.redeemed_at ? `Resgatado em ${shortDateTime(l.redeemed_at)}` : "Pendente"}</td>
                  <td className="px-4 py-3 text-gray-800">{shortDateTime(l.created_at)}</td>
                </tr>
              );
            })}
          </Table>
          {data.spins.length === 0 && <EmptyState>Nenhum lead encontrado.</EmptyState>}
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-2 text-sm text-gray-700">
              <label htmlFor="page-size">Por página</label>
              <select id="page-size" className={`${inputClass} w-24`} value={limit} onChange={(e) => { setLimit(Number(e.target.value)); setPage(1); }}>
                {PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
              </select>
              <span>{data.pagination.total.toLocaleString("pt-BR")} no total</span>
            </div>
            <Pager page={page} totalPages={data.pagination.totalPages} onPage={setPage} />
          </div>
        </div>
      )}
    </>
  );
}
