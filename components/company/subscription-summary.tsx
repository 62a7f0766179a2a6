// Read-only cards of the settings screen: the current subscription and the system info.
import Link from "next/link";
import { Card } from "@/components/ui/misc";
import type { CompanyProfile } from "@/lib/swr/use-company";
import { longDate } from "@/lib/dates/format";
import { StatusLabel } from "./status-label";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-gray-600">{label}</dt>
      <dd className="text-right font-medium text-gray-900">{children}</dd>
    </div>
  );
}

export function SubscriptionSummary({ company }: { company: CompanyProfile }) {
  const sub = company.subscription;
  return (
    <Card>
      <h2 className="font-semibold text-gray-900">Assinatura atual</h2>
      <dl className="mt-3 space-y-2 text-sm">
        <Row label="Plano">{company.plan.name}</Row>
        <Row label="Status">{sub ? <StatusLabel status={sub.status} /> : "N/A"}</Row>
        <Row label="Início">{longDate(sub?.starts_at)}</Row>
        <Row
          label={sub?.status === "trial" ? "Fim do teste" : sub?.status === "cancelled" ? "Acesso até" : "Renovação"}
        >
          {longDate(sub?.ends_at)}
        </Row>
      </dl>
      <p className="mt-3 text-sm text-gray-700">
        Para fazer upgrade, downgrade ou cancelar, acesse{" "}
        <Link href="/admin/subscription" className="font-medium text-brand-700 underline">
          Assinatura e Planos
        </Link>
        .
      </p>
    </Card>
  );
}

/** The system info (docs/decisions/admin-ui.md "Admin in a shop owner's words"): identifiers an owner never
 *  edits, folded under "Detalhes técnicos" below what they do edit; the payment platform's subscriber
 *  email only when there is one. */
export function SystemInfo({ company }: { company: CompanyProfile }) {
  const buyer = company.subscription?.buyer_email;
  return (
    <Card>
      <details className="group">
        <summary className="-m-1 flex min-h-11 cursor-pointer items-center rounded p-1 font-semibold text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none">
          Detalhes técnicos
        </summary>
        <p className="mt-1 text-sm text-gray-700">Informações do sistema, úteis ao falar com o suporte.</p>
        <dl className="mt-3 space-y-2 text-sm">
          <div>
            <dt className="text-gray-600">ID da empresa</dt>
            <dd className="font-mono text-xs break-all text-gray-900">{company.id}</dd>
          </div>
          <Row label="Criada em">{longDate(company.created_at)}</Row>
          <Row label="Última atualização">{longDate(company.updated_at)}</Row>
          {buyer && (
            <div>
              <dt className="text-gray-600">Email do assinante (Kiwify)</dt>
              <dd className="break-all text-gray-900">{buyer}</dd>
            </div>
          )}
        </dl>
      </details>
    </Card>
  );
}
