"use client";
// Dashboard: welcome, Pro banner and limits (Free only), counters, quick actions, system status, recent leads.
import {
  AlertTriangle,
  BarChart3,
  CheckCircle2,
  Disc3,
  Gift,
  Package,
  Plus,
  ShoppingBag,
  Sparkles,
  UserSquare2,
} from "lucide-react";
import Link from "next/link";
import { useAdmin } from "@/components/admin/admin-context";
import { Card } from "@/components/ui/misc";
import { shortDateTime } from "@/lib/dates/format";
import { QueryState } from "@/components/ui/query-state";
import { can } from "@/lib/auth/permissions";
import { useDashboard, type DashboardAnswer } from "@/lib/swr/use-dashboard";
import { money } from "@/lib/ui/money";
import { plural } from "@/lib/ui/plural";

const fmt = (n: number) => n.toLocaleString("pt-BR");
const limitText = (n: number) => (n < 0 ? "ilimitado" : fmt(n));

export default function DashboardPage() {
  return <QueryState query={useDashboard()}>{(d) => <Dashboard d={d} />}</QueryState>;
}

/** The money the wheel brought (docs/api.md "Redemption figures (issue 39)"): orders that used its codes. */
function SalesCard({ sales }: { sales: DashboardAnswer["sales"] }) {
  const rate = `${sales.rate.toLocaleString("pt-BR", { maximumFractionDigits: 1 })}%`;
  return (
    <Link
      href="/admin/reports"
      className="block rounded-xl border border-gray-200 bg-white p-5 shadow-sm hover:border-brand-600"
    >
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-gray-700">Vendas com cupons da roleta</p>
        <ShoppingBag className="h-5 w-5 text-brand-600" aria-hidden />
      </div>
      <p className="mt-2 text-3xl font-bold text-gray-900" data-testid="sales-revenue">
        {money(sales.revenue_cents, sales.currency)}
      </p>
      <p className="text-sm text-gray-700">
        {plural(sales.orders, "pedido", "pedidos")} · taxa de resgate {rate} ({fmt(sales.redeemed)} de{" "}
        {plural(sales.won, "prêmio", "prêmios")})
      </p>
      <p className="text-xs text-gray-600">Últimos {sales.days} dias, pelos prêmios ganhos no período</p>
    </Link>
  );
}

function Dashboard({ d }: { d: DashboardAnswer }) {
  const { user } = useAdmin();
  const free = d.planName === "Free";
  // Only what this role can do: a member hands prizes over and reads, never creates (issue 24).
  const quickActions = [
    { href: "/admin/products", label: "Novo produto", icon: Plus, show: can(user.role, "manage_products") },
    { href: "/admin/wheels/nova", label: "Nova roleta", icon: Plus, show: can(user.role, "manage_wheels") },
    { href: "/admin/resgatar", label: "Resgatar prêmio", icon: Gift, show: can(user.role, "redeem_prizes") },
    { href: "/admin/leads", label: "Ver leads", icon: UserSquare2, show: can(user.role, "view_spins") },
    { href: "/admin/reports", label: "Ver relatórios", icon: BarChart3, show: can(user.role, "view_dashboard") },
  ].filter((a) => a.show);
  const stats = [
    {
      href: "/admin/products",
      label: "Produtos",
      value: d.totalProducts,
      detail: plural(d.activeProducts, "ativo", "ativos"),
      icon: Package,
    },
    {
      href: "/admin/wheels",
      label: "Roletas",
      value: d.totalWheels,
      detail: plural(d.activeWheels, "ativa", "ativas"),
      icon: Disc3,
    },
    { href: "/admin/reports", label: "Giros", value: d.totalSpins, detail: "no total", icon: BarChart3 },
    {
      href: "/admin/products?filter=lowstock",
      label: "Estoque baixo",
      value: d.lowStockProducts,
      detail: "produtos ativos com 5 ou menos",
      icon: AlertTriangle,
    },
  ];
  const status = [
    {
      ok: d.activeProducts > 0,
      text: d.activeProducts > 0 ? "Há produtos ativos" : "Nenhum produto ativo: cadastre os prêmios",
    },
    {
      // A sold-out wheel is active but takes no one (issue 38).
      ok: d.activeWheels > d.soldOutWheels.length,
      text:
        d.activeWheels > d.soldOutWheels.length
          ? "Há roletas ativas recebendo participantes"
          : d.activeWheels > 0
            ? "Nenhuma roleta recebendo participantes: os prêmios acabaram"
            : "Nenhuma roleta ativa: ative uma roleta para receber participantes",
    },
    {
      ok: d.lowStockProducts === 0,
      text:
        d.lowStockProducts === 0
          ? "Estoque em dia"
          : `${plural(d.lowStockProducts, "produto", "produtos")} com estoque baixo`,
    },
  ];

  return (
    <div className="space-y-6">
      <Card className="bg-gradient-to-r from-brand-600 to-brand-800 text-white">
        <h1 className="text-2xl font-bold">Olá, {user.name.split(" ")[0]}! 👋</h1>
        <p className="mt-1 text-brand-100">
          Bem-vindo ao painel da {user.company_name}. Acompanhe suas roletas, prêmios e leads.
        </p>
      </Card>

      <SoldOutAlert wheels={d.soldOutWheels} />

      {free && (
        <Card className="flex flex-wrap items-center justify-between gap-4 border-brand-600 bg-brand-50">
          <div className="flex items-center gap-3">
            <Sparkles className="h-6 w-6 text-brand-700" aria-hidden />
            <div>
              <p className="font-semibold text-gray-900">Desbloqueie o plano Pro</p>
              <p className="text-sm text-gray-700">Roletas, produtos e giros ilimitados, por R$ 97 por ano.</p>
            </div>
          </div>
          <Link
            href="/admin/subscription"
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Fazer upgrade
          </Link>
        </Card>
      )}

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-tour="dashboard-stats">
        {stats.map(({ href, label, value, detail, icon: Icon }) => (
          <Link
            key={label}
            href={href}
            className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm hover:border-brand-600"
          >
            <div className="flex items-center justify-between">
              <p className="text-sm font-medium text-gray-700">{label}</p>
              <Icon className="h-5 w-5 text-brand-600" aria-hidden />
            </div>
            <p className="mt-2 text-3xl font-bold text-gray-900">{fmt(value)}</p>
            <p className="text-xs text-gray-600">{detail}</p>
          </Link>
        ))}
      </div>

      <SalesCard sales={d.sales} />

      {free && (
        <Card>
          <h2 className="font-semibold text-gray-900">Limites do plano Free</h2>
          <ul className="mt-2 grid gap-2 text-sm text-gray-700 sm:grid-cols-3">
            <li>
              Roletas: {fmt(d.totalWheels)} de {limitText(d.limits.maxWheels)}
            </li>
            <li>
              Produtos: {fmt(d.totalProducts)} de {limitText(d.limits.maxProducts)}
            </li>
            <li>Giros por mês: até {limitText(d.limits.maxSpinsMonth)}</li>
          </ul>
        </Card>
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <Card>
          <h2 className="font-semibold text-gray-900">Ações rápidas</h2>
          <div className="mt-3 grid gap-2">
            {quickActions.map(({ href, label, icon: Icon }) => (
              <Link
                key={href}
                href={href}
                className="flex min-h-11 items-center gap-2 rounded-lg border p-2 text-sm hover:bg-gray-50"
              >
                <Icon className="h-4 w-4" aria-hidden /> {label}
              </Link>
            ))}
          </div>
        </Card>
        <Card>
          <h2 className="font-semibold text-gray-900">Status do sistema</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {status.map((s) => (
              <li key={s.text} className="flex items-start gap-2">
                {s.ok ? (
                  <CheckCircle2 className="h-4 w-4 shrink-0 text-green-700" aria-hidden />
                ) : (
                  <AlertTriangle className="h-4 w-4 shrink-0 text-yellow-700" aria-hidden />
                )}
                <span className="text-gray-800">{s.text}</span>
              </li>
            ))}
          </ul>
        </Card>
        <Card>
          <div className="flex items-center justify-between">
            <h2 className="font-semibold text-gray-900">Leads recentes</h2>
            <Link href="/admin/leads" className="text-sm text-brand-700 underline">
              Ver todos
            </Link>
          </div>
          {d.recentLeads.length === 0 ? (
            <p className="mt-3 text-sm text-gray-600">Nenhum lead ainda. Compartilhe a sua roleta!</p>
          ) : (
            <ul className="mt-3 divide-y text-sm">
              {d.recentLeads.map((l) => (
                <li key={l.id} className="py-2">
                  <p className="font-medium text-gray-900">{l.customer_name}</p>
                  <p className="text-xs text-gray-600">
                    {l.product_name ?? "Sem prêmio"} · {shortDateTime(l.created_at)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}

/**
 * Active wheels whose prizes ran out (issue 38): their pages take no visitor until the prizes are
 * refilled, so the dashboard says so first, with the way to refill.
 */
function SoldOutAlert({ wheels }: { wheels: DashboardAnswer["soldOutWheels"] }) {
  if (!wheels.length) return null;
  const names = wheels.map((w) => w.name).join(", ");
  return (
    <section
      aria-labelledby="sold-out-title"
      className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-red-300 bg-red-50 p-5"
    >
      <div className="flex items-start gap-3">
        <AlertTriangle className="mt-0.5 h-6 w-6 shrink-0 text-red-700" aria-hidden />
        <div>
          <h2 id="sold-out-title" className="font-semibold text-red-900">
            {wheels.length === 1 ? "Roleta esgotada" : `${wheels.length} roletas esgotadas`}
          </h2>
          <p className="text-sm text-red-900">
            {names}: os prêmios acabaram e a página não recebe participantes. Envie mais códigos ou aumente o estoque
            dos prêmios.
          </p>
        </div>
      </div>
      <Link
        href="/admin/products?filter=lowstock"
        className="inline-flex min-h-11 items-center rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
      >
        Repor prêmios
      </Link>
    </section>
  );
}
