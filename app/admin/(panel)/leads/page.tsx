"use client";
// Leads: stats, filters, paged table and CSV export, all computed by the server over every row.
import { useState } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { downloadUrl } from "@/components/leads/download";
import { EMPTY_FILTERS, FilterPanel, filterQuery, type Filters } from "@/components/leads/filters";
import { LgpdButton } from "@/components/leads/lgpd-panel";
import { leadOrigin } from "@/components/leads/origin";
import { RedemptionCell } from "@/components/leads/redemption-cell";
import { Button } from "@/components/ui/button";
import { DataTable, type Column } from "@/components/ui/data-table";
import { Badge, Card, EmptyState, PageHeader } from "@/components/ui/misc";
import { ListFooter } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { can } from "@/lib/auth/permissions";
import { shortDateTime } from "@/lib/dates/format";
import { formatPhone } from "@/lib/phone";
import { MESSAGE_STATUS_TEXT } from "@/lib/copy/whatsapp";
import { useLeads, type Lead } from "@/lib/swr/use-leads";
import { notify } from "@/lib/ui/toast";
import { useDebounced } from "@/lib/ui/use-debounced";
import { SEARCH_DELAY_MS } from "@/lib/ui/use-list-state";

const PAGE_SIZES = [10, 20, 50, 100];
/** The page sizes: 10 when the screen opens, 20 after the filters are cleared. */
const INITIAL_LIMIT = 10;
const RESET_LIMIT = 20;

const percent = (n: number) => `${n.toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;

const COLUMNS: Column<Lead>[] = [
  { header: "Nome", cell: (l) => <span className="font-medium text-gray-900">{l.customer_name}</span> },
  {
    header: "WhatsApp",
    cell: (l) => (
      <>
        <a
          href={`https://wa.me/${l.whatsapp.replace(/\D/g, "")}`}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-6 items-center whitespace-nowrap text-brand-700 underline"
        >
          {formatPhone(l.whatsapp)}
        </a>
        {/* Proven by the visitor's own message, and the prize message's state (docs/api.md "WhatsApp (issue 27)"). */}
        {l.whatsapp_verified && <span className="block text-xs text-green-800">Confirmado</span>}
        {l.message_status && (
          <span className="block text-xs text-gray-700">
            Prêmio no WhatsApp: {MESSAGE_STATUS_TEXT[l.message_status] ?? l.message_status}
          </span>
        )}
      </>
    ),
  },
  {
    // The visitor's form (e-mail, CPF only masked, answers): one cell, empty when the wheel asked none.
    header: "Outros dados",
    cell: (l) =>
      l.email || l.cpf || l.answers.length ? (
        <span className="block space-y-0.5 text-xs text-gray-800">
          {l.email && <span className="block break-all">{l.email}</span>}
          {l.cpf && <span className="block whitespace-nowrap">CPF {l.cpf}</span>}
          {l.answers.map((a) => (
            <span key={a.question_id} className="block">
              {a.question}: {a.answer}
            </span>
          ))}
        </span>
      ) : (
        <span className="text-gray-600">—</span>
      ),
  },
  { header: "Roleta", cell: (l) => l.wheel_name },
  { header: "Origem", cell: leadOrigin },
  {
    header: "Prêmio",
    cell: (l) => (l.has_won ? <Badge color="green">{l.product_name}</Badge> : <Badge>Sem prêmio</Badge>),
  },
  { header: "Resgate", cell: (l) => <RedemptionCell lead={l} /> },
  { header: "Data", cell: (l) => <span className="whitespace-nowrap">{shortDateTime(l.created_at)}</span> },
];

export default function LeadsPage() {
  const { user } = useAdmin();
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const debounced = useDebounced(filters, SEARCH_DELAY_MS);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(INITIAL_LIMIT);
  const leads = useLeads({ ...filterQuery(debounced), page, limit });

  function changeFilters(f: Filters) {
    setFilters(f);
    setPage(1);
  }

  function exportCsv() {
    if (!leads.data?.pagination.total) return notify.error("Nenhum lead para exportar");
    downloadUrl(`/api/wheels/spins/export?${new URLSearchParams(filterQuery(filters))}`);
  }

  const s = leads.data?.stats;
  const cards = s && [
    { label: "Total de leads", value: s.total_leads.toLocaleString("pt-BR") },
    { label: "Leads únicos", value: s.unique_leads.toLocaleString("pt-BR") },
    { label: "Com prêmio", value: s.leads_with_prizes.toLocaleString("pt-BR") },
    { label: "Taxa de sucesso", value: percent(s.conversion_rate) },
  ];

  return (
    <>
      <PageHeader
        title="Leads"
        description="Todos os participantes das suas roletas."
        actions={
          <>
            {can(user.role, "manage_lgpd") && <LgpdButton />}
            <Button onClick={exportCsv}>Exportar CSV</Button>
          </>
        }
      />
      {cards && (
        <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {cards.map((c) => (
            <Card key={c.label} className="p-3 sm:p-5">
              <p className="text-xs text-gray-700 sm:text-sm">{c.label}</p>
              <p className="mt-1 text-xl font-bold text-gray-900 sm:text-2xl" data-testid={`stat-${c.label}`}>
                {c.value}
              </p>
            </Card>
          ))}
        </div>
      )}
      <FilterPanel
        value={filters}
        onChange={changeFilters}
        fields={["search", "status", "redemption", "start_date", "end_date", "wheel_id", "source_id", "unit_id"]}
        onClear={() => {
          changeFilters(EMPTY_FILTERS);
          setLimit(RESET_LIMIT);
        }}
      />
      <QueryState query={leads}>
        {(d) => (
          <div data-tour="leads-table">
            {d.spins.length ? (
              <DataTable columns={COLUMNS} rows={d.spins} rowKey={(l) => l.id} caption="Lista de leads" />
            ) : (
              <EmptyState>Nenhum lead encontrado.</EmptyState>
            )}
            <ListFooter
              pagination={d.pagination}
              onPage={setPage}
              size={{
                value: limit,
                options: PAGE_SIZES,
                onChange: (n) => {
                  setLimit(n);
                  setPage(1);
                },
              }}
            />
          </div>
        )}
      </QueryState>
    </>
  );
}
