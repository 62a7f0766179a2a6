"use client";
// Assinatura e Planos: current plan and status, usage bars, plans (Pro recommended), billing
// history, upgrade and cancel (owner only).
import { useState } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { CancelModal } from "@/components/company/cancel-modal";
import { StatusLabel } from "@/components/company/status-label";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Badge, Card, PageHeader } from "@/components/ui/misc";
import { QueryState } from "@/components/ui/query-state";
import { can } from "@/lib/auth/permissions";
import { longDate, shortDateTime } from "@/lib/dates/format";
import { errorText } from "@/lib/swr/fetcher";
import { endpoints } from "@/lib/swr/writes";
import { useBillingHistory } from "@/lib/swr/use-billing-history";
import { useCompany, type CompanyProfile } from "@/lib/swr/use-company";
import { usePlans, type Plan } from "@/lib/swr/use-plans";
import { cn } from "@/lib/ui/cn";
import { notify } from "@/lib/ui/toast";
import { BILLING_MESSAGES as M } from "@/lib/copy/billing";

const brl = (n: number) => n.toLocaleString("pt-BR", { style: "currency", currency: "BRL" });
const EVENT_LABEL: Record<string, string> = {
  order_approved: "Pagamento aprovado",
  order_refused: "Pagamento recusado",
  order_refunded: "Reembolso",
  order_chargeback: "Chargeback",
  subscription_renewed: "Renovação",
  subscription_canceled: "Cancelamento",
  subscription_late: "Pagamento atrasado",
};

function UsageBar({
  label,
  item,
}: {
  label: string;
  item: { current: number; limit: number; percentage: number; unlimited: boolean };
}) {
  const color = item.percentage >= 90 ? "bg-red-600" : item.percentage >= 70 ? "bg-yellow-500" : "bg-green-600";
  return (
    <div>
      <div className="flex justify-between text-sm">
        <span className="text-gray-700">{label}</span>
        <span className="font-medium whitespace-nowrap text-gray-900">
          {item.current.toLocaleString("pt-BR")} / {item.unlimited ? "Ilimitado" : item.limit.toLocaleString("pt-BR")}
        </span>
      </div>
      <div
        className="mt-1 h-2 rounded bg-gray-200"
        role="progressbar"
        aria-label={label}
        aria-valuenow={item.unlimited ? 0 : item.percentage}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className={cn("h-2 rounded", color)} style={{ width: `${item.unlimited ? 0 : item.percentage}%` }} />
      </div>
    </div>
  );
}

interface PlanActions {
  owner: boolean;
  trial: boolean;
  busy: boolean;
  upgrade: (planId: string) => void;
  toFree: () => void;
}

function PlanCard({ plan: p, owner, trial, busy, upgrade, toFree }: { plan: Plan } & PlanActions) {
  return (
    <Card className={cn(p.recommended && "border-2 border-brand-600")}>
      <div className="flex items-center justify-between">
        <h3 className="text-xl font-bold text-gray-900">{p.name}</h3>
        {p.recommended && <Badge color="brand">Recomendado</Badge>}
      </div>
      <p className="mt-2 text-2xl font-bold text-gray-900">
        {p.pricing.yearly ? `${brl(p.pricing.yearly)}/ano` : "Grátis"}
      </p>
      {p.pricing.yearly > 0 && <p className="text-sm text-gray-600">≈ {brl(p.pricing.monthly)}/mês</p>}
      <ul className="mt-4 space-y-1 text-sm text-gray-800">
        {p.features.map((f) => (
          <li key={f}>✓ {f}</li>
        ))}
      </ul>
      {p.is_current && (
        <p className="mt-4 text-sm font-medium text-green-800">Plano atual{trial ? " (teste grátis)" : ""}</p>
      )}
      {owner && p.id === "pro" && (!p.is_current || trial) && (
        <Button className="mt-4 w-full" loading={busy} onClick={() => upgrade(p.id)}>
          {p.is_current ? "Assinar o Pro" : "Fazer upgrade para o Pro"}
        </Button>
      )}
      {owner && p.id === "free" && trial && (
        <Button variant="secondary" className="mt-4 w-full" onClick={toFree}>
          Mudar para o Free agora
        </Button>
      )}
    </Card>
  );
}

function BillingHistory() {
  return (
    <>
      <h2 className="mt-8 mb-3 text-lg font-semibold text-gray-900">Histórico de cobrança</h2>
      <QueryState
        query={useBillingHistory()}
        isEmpty={(h) => h.transactions.length === 0}
        empty="Nenhuma cobrança registrada."
      >
        {(h) => (
          <DataTable
            caption="Histórico de cobrança"
            rows={h.transactions}
            rowKey={(t) => t.id}
            columns={[
              { header: "Data", cell: (t) => shortDateTime(t.date) },
              { header: "Pedido", cell: (t) => <span className="font-mono text-xs">{t.order_id ?? "—"}</span> },
              { header: "Evento", cell: (t) => EVENT_LABEL[t.event_type] ?? t.event_type },
              { header: "Pagamento", cell: (t) => t.payment_method ?? "—" },
              { header: "Parcelas", cell: (t) => t.installments ?? "—" },
            ]}
          />
        )}
      </QueryState>
    </>
  );
}

function CurrentPlan({ company, owner, onCancel }: { company: CompanyProfile; owner: boolean; onCancel: () => void }) {
  const sub = company.subscription;
  const onPro = company.plan.id === "pro";
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <h2 className="font-semibold text-gray-900">Plano atual</h2>
        <p className="mt-2 text-3xl font-bold text-brand-700">{company.plan.name}</p>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-gray-700">
          {sub ? <StatusLabel status={sub.status} /> : <Badge>Free</Badge>}
          {sub?.status === "active" && sub.ends_at && <span>Renova em {longDate(sub.ends_at)}</span>}
          {sub?.status === "trial" && sub.ends_at && <span>Teste grátis até {longDate(sub.ends_at)}</span>}
          {sub?.status === "cancelled" && sub.ends_at && <span>Acesso ao Pro até {longDate(sub.ends_at)}</span>}
        </div>
        {owner && onPro && sub && sub.status !== "cancelled" && (
          <Button variant="secondary" className="mt-4" onClick={onCancel}>
            Cancelar assinatura
          </Button>
        )}
      </Card>
      <Card>
        <h2 className="font-semibold text-gray-900">Uso</h2>
        <div className="mt-3 space-y-3">
          <UsageBar label="Roletas" item={company.usage.wheels} />
          <UsageBar label="Produtos" item={company.usage.products} />
          <UsageBar label="Giros neste mês" item={company.usage.spins_month} />
        </div>
      </Card>
    </div>
  );
}

export default function SubscriptionPage() {
  const { user } = useAdmin();
  const owner = can(user.role, "billing");
  const company = useCompany("Erro ao carregar informações da assinatura");
  const plans = usePlans();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const trial = company.data?.company.subscription?.status === "trial";

  async function upgrade(planId: string) {
    setBusy(true);
    try {
      const r = await endpoints.company.upgrade(planId);
      notify.info(r.next_steps ? `${r.message} ${r.next_steps}` : r.message, 5000);
      if (r.checkout_url) window.open(r.checkout_url, "_blank", "noopener");
    } catch (err) {
      notify.error(errorText(err, "Erro ao solicitar upgrade"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader title="Assinatura e Planos" description="Seu plano, o uso deste mês e as opções de assinatura." />
      {!owner && (
        <p className="mb-4 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
          {M.nonOwnerNotice}
        </p>
      )}
      <QueryState query={company}>
        {({ company: c }) => <CurrentPlan company={c} owner={owner} onCancel={() => setCancelOpen(true)} />}
      </QueryState>
      <h2 className="mt-8 mb-3 text-lg font-semibold text-gray-900">Planos disponíveis</h2>
      <QueryState query={plans}>
        {(d) => (
          <div className="grid gap-6 md:grid-cols-2">
            {d.available_plans.map((p) => (
              <PlanCard
                key={p.id}
                plan={p}
                owner={owner}
                trial={trial}
                busy={busy}
                upgrade={upgrade}
                toFree={() => setCancelOpen(true)}
              />
            ))}
          </div>
        )}
      </QueryState>
      {owner && <BillingHistory />}
      <CancelModal open={cancelOpen} trial={trial} onClose={() => setCancelOpen(false)} />
    </>
  );
}
