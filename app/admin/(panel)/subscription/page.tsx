"use client";
// Assinatura e Planos: current plan and status, usage bars, plans (Pro recommended), billing
// history, upgrade and cancel (owner only).
import { useCallback, useEffect, useState } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { StatusLabel } from "@/components/company/status-label";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Badge, Card, EmptyState, PageHeader, Spinner, Table } from "@/components/ui/misc";
import { Modal } from "@/components/ui/modal";
import { isOwner } from "@/lib/auth/permissions";
import type { CompanyProfileDto } from "@/lib/company/types";
import { api, errorText } from "@/lib/http/client";
import { cn } from "@/lib/ui/cn";
import { longDate, shortDateTime } from "@/lib/ui/dates";
import { notify } from "@/lib/ui/toast";
import { BILLING_MESSAGES as M } from "@/lib/validation/billing";

interface Plan { id: string; name: string; pricing: { yearly: number; monthly: number }; features: string[]; is_current: boolean; recommended: boolean }
interface Tx { id: string; date: string; order_id: string | null; event_type: string; payment_method: string | null; installments: number | null }

const brl = (n: number) => n.toLocaleString("pt-BR", { style: "currency", currency: "BRL" });
const EVENT_LABEL: Record<string, string> = {
  order_approved: "Pagamento aprovado", order_refused: "Pagamento recusado", order_refunded: "Reembolso", order_chargeback: "Chargeback",
  subscription_renewed: "Renovação", subscription_canceled: "Cancelamento", subscription_late: "Pagamento atrasado",
};

function UsageBar({ label, item }: { label: string; item: { current: number; limit: number; percentage: number; unlimited: boolean } }) {
  const color = item.percentage >= 90 ? "bg-red-600" : item.percentage >= 70 ? "bg-yellow-500" : "bg-green-600";
  return (
    <div>
      <div className="flex justify-between text-sm"><span className="text-gray-700">{label}</span><span className="font-medium text-gray-900">{item.current.toLocaleString("pt-BR")} / {item.unlimited ? "Ilimitado" : item.limit.toLocaleString("pt-BR")}</span></div>
      <div className="mt-1 h-2 rounded bg-gray-200" role="progressbar" aria-label={label} aria-valuenow={item.unlimited ? 0 : item.percentage} aria-valuemin={0} aria-valuemax={100}>
        <div className={cn("h-2 rounded", color)} style={{ width: `${item.unlimited ? 0 : item.percentage}%` }} />
      </div>
    </div>
  );
}

export default function SubscriptionPage() {
  const { user } = useAdmin();
  const owner = isOwner(user.role);
  const [company, setCompany] = useState<CompanyProfileDto | null>(null);
  const [plans, setPlans] = useState<Plan[]>([]);
  const [history, setHistory] = useState<Tx[]>([]);
  const [error, setError] = useState("");
  const [cancelOpen, setCancelOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const { company } = await api<{ company: CompanyProfileDto | null }>("/company/profile");
      if (!company) return setError("Dados de assinatura não encontrados");
      setCompany(company);
    } catch (err) {
      setError(errorText(err, "Erro ao carregar informações da assinatura"));
    }
    api<{ available_plans: Plan[] }>("/company/subscription/plans").then((r) => setPlans(r.available_plans), (err) => notify.error(errorText(err, "Erro ao carregar planos disponíveis")));
    if (owner) api<{ transactions: Tx[] }>("/company/billing/history").then((r) => setHistory(r.transactions), (err) => notify.error(errorText(err, "Erro ao carregar histórico de cobrança")));
  }, [owner]);

  useEffect(() => {
    void load();
  }, [load]);

  if (error) return <Card><p className="text-red-700">{error}</p></Card>;
  if (!company) return <Spinner />;
  const sub = company.subscription;
  const onPro = company.plan.id === "pro";

  async function upgrade(planId: string) {
    setBusy(true);
    try {
      const r = await api<{ message: string; next_steps?: string; checkout_url?: string }>("/company/subscription/upgrade", { method: "POST", body: { plan_id: planId } });
      notify.info(r.next_steps ? `${r.message} ${r.next_steps}` : r.message, 5000);
      if (r.checkout_url) window.open(r.checkout_url, "_blank", "noopener");
    } catch (err) {
      notify.error(errorText(err, "Erro ao solicitar upgrade"));
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    setBusy(true);
    try {
      const r = await api<{ message: string; notice?: string }>("/company/subscription/cancel", { method: "POST", body: { reason } });
      notify.info(r.notice ? `${r.message} ${r.notice}` : r.message, 5000);
      setCancelOpen(false);
      await load();
    } catch (err) {
      notify.error(errorText(err, "Erro ao cancelar assinatura"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader title="Assinatura e Planos" description="Seu plano, o uso deste mês e as opções de assinatura." />
      {!owner && <p className="mb-4 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">{M.nonOwnerNotice}</p>}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="font-semibold text-gray-900">Plano atual</h2>
          <p className="mt-2 text-3xl font-bold text-brand-700">{company.plan.name}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-gray-700">
            {sub ? <StatusLabel status={sub.status} /> : <Badge>Free</Badge>}
            {sub?.status === "active" && sub.ends_at && <span>Renova em {longDate(sub.ends_at)}</span>}
            {sub?.status === "trial" && <span>Teste grátis até {longDate(sub.ends_at)}</span>}
            {sub?.status === "cancelled" && <span>Acesso ao Pro até {longDate(sub.ends_at)}</span>}
          </div>
          {owner && onPro && sub && sub.status !== "cancelled" && sub.status !== "trial" && (
            <Button variant="secondary" className="mt-4" onClick={() => setCancelOpen(true)}>Cancelar assinatura</Button>
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

      <h2 className="mb-3 mt-8 text-lg font-semibold text-gray-900">Planos disponíveis</h2>
      <div className="grid gap-6 md:grid-cols-2">
        {plans.map((p) => (
          <Card key={p.id} className={cn(p.recommended && "border-2 border-brand-600")}>
            <div className="flex items-center justify-between">
              <h3 className="text-xl font-bold text-gray-900">{p.name}</h3>
              {p.recommended && <Badge color="brand">Recomendado</Badge>}
            </div>
            <p className="mt-2 text-2xl font-bold text-gray-900">{p.pricing.yearly ? `${brl(p.pricing.yearly)}/ano` : "Grátis"}</p>
            {p.pricing.yearly > 0 && <p className="text-sm text-gray-600">≈ {brl(p.pricing.monthly)}/mês</p>}
            <ul className="mt-4 space-y-1 text-sm text-gray-800">{p.features.map((f) => <li key={f}>✓ {f}</li>)}</ul>
            {p.is_current && <p className="mt-4 text-sm font-medium text-green-800">Plano atual{sub?.status === "trial" ? " (teste grátis)" : ""}</p>}
            {owner && p.id === "pro" && (!p.is_current || sub?.status === "trial") && (
              <Button className="mt-4 w-full" loading={busy} onClick={() => upgrade(p.id)}>
                {p.is_current ? "Assinar o Pro" : "Fazer upgrade para o Pro"}
              </Button>
            )}
          </Card>
        ))}
      </div>

      {owner && (
        <>
          <h2 className="mb-3 mt-8 text-lg font-semibold text-gray-900">Histórico de cobrança</h2>
          {history.length === 0 ? (
            <Card><EmptyState>Nenhuma cobrança registrada.</EmptyState></Card>
          ) : (
            <Table head={["Data", "Pedido", "Evento", "Pagamento", "Parcelas"]} caption="Histórico de cobrança">
              {history.map((t) => (
                <tr key={t.id}>
                  <td className="px-4 py-3">{shortDateTime(t.date)}</td>
                  <td className="px-4 py-3 font-mono text-xs">{t.order_id ?? "—"}</td>
                  <td className="px-4 py-3">{EVENT_LABEL[t.event_type] ?? t.event_type}</td>
                  <td className="px-4 py-3">{t.payment_method ?? "—"}</td>
                  <td className="px-4 py-3">{t.installments ?? "—"}</td>
                </tr>
              ))}
            </Table>
          )}
        </>
      )}

      <Modal open={cancelOpen} onClose={() => setCancelOpen(false)} title="Cancelar assinatura" description="O acesso ao Pro continua até o fim do período pago; depois, a empresa passa para o plano Free."
        footer={<><Button variant="secondary" onClick={() => setCancelOpen(false)}>Voltar</Button><Button variant="danger" loading={busy} onClick={cancel}>Confirmar cancelamento</Button></>}>
        <label htmlFor="cancel-reason" className="mb-1 block text-sm font-medium text-gray-700">Motivo (opcional)</label>
        <textarea id="cancel-reason" rows={3} maxLength={500} className={inputClass} value={reason} onChange={(e) => setReason(e.target.value)} />
        <p className="mt-1 text-right text-xs text-gray-600">{reason.length}/500</p>
      </Modal>
    </>
  );
}
