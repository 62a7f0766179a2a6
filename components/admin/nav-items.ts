// The admin menu and the permission each item needs.
import {
  BarChart3,
  CreditCard,
  Disc3,
  FlaskConical,
  LayoutDashboard,
  Package,
  Plug,
  ScanLine,
  Store,
  Users,
  UserSquare2,
} from "lucide-react";
import { can, type Permission } from "@/lib/auth/permissions";

export interface NavItem {
  href: string;
  label: string;
  icon: typeof LayoutDashboard;
  permission: Permission;
  tourId: string;
}

export const NAV_ITEMS: NavItem[] = [
  { href: "/admin", label: "Dashboard", icon: LayoutDashboard, permission: "view_dashboard", tourId: "nav-dashboard" },
  { href: "/admin/products", label: "Produtos", icon: Package, permission: "view_products", tourId: "nav-products" },
  { href: "/admin/wheels", label: "Roda de prêmios", icon: Disc3, permission: "view_wheels", tourId: "nav-wheels" },
  { href: "/admin/leads", label: "Leads", icon: UserSquare2, permission: "view_spins", tourId: "nav-leads" },
  { href: "/admin/reports", label: "Relatórios", icon: BarChart3, permission: "view_dashboard", tourId: "nav-reports" },
  {
    href: "/admin/subscription",
    label: "Assinatura",
    icon: CreditCard,
    permission: "view_dashboard",
    tourId: "nav-subscription",
  },
];

const USERS_ITEM: NavItem = {
  href: "/admin/users",
  label: "Usuários",
  icon: Users,
  permission: "view_users",
  tourId: "nav-users",
};

// Outgoing webhooks (issue 14): owner and admin, just before Usuários.
const INTEGRATIONS_ITEM: NavItem = {
  href: "/admin/integrations",
  label: "Integrações",
  icon: Plug,
  permission: "manage_integrations",
  tourId: "nav-integrations",
};

// Testes (issue 52, Pro): A/B/n experiments of wheels, owner and admin, before Unidades.
const EXPERIMENTS_ITEM: NavItem = {
  href: "/admin/experiments",
  label: "Testes",
  icon: FlaskConical,
  permission: "manage_experiments",
  tourId: "nav-experiments",
};

// Unidades (issue 41, Pro): owner and admin, before Integrações.
const UNITS_ITEM: NavItem = {
  href: "/admin/units",
  label: "Unidades",
  icon: Store,
  permission: "manage_units",
  tourId: "nav-units",
};

// The counter: every role reaches it from the header's button; a counter-only role (the attendant)
// has it as its whole menu.
const COUNTER_ITEM: NavItem = {
  href: "/admin/resgatar",
  label: "Resgatar prêmio",
  icon: ScanLine,
  permission: "redeem_prizes",
  tourId: "nav-redeem",
};

/** A role that may use the counter and nothing of the panel (the attendant): it lives on the scanner. */
export function counterOnly(role: string): boolean {
  return can(role, "redeem_prizes") && !can(role, "view_dashboard");
}

/** The paths a counter-only role may open; anything else sends it to the scanner. */
export const COUNTER_ONLY_PATHS = ["/admin/resgatar", "/admin/profile"];

/** The menu of a role: every item whose permission the role has, Usuários last. */
export function navFor(role: string): NavItem[] {
  if (counterOnly(role)) return [COUNTER_ITEM];
  return [...NAV_ITEMS, EXPERIMENTS_ITEM, UNITS_ITEM, INTEGRATIONS_ITEM, USERS_ITEM].filter((i) =>
    can(role, i.permission),
  );
}

const EXTRA_TITLES: Record<string, string> = {
  "/admin/settings": "Configurações",
  "/admin/profile": "Meu Perfil",
  "/admin/resgatar": "Resgatar prêmio",
};

/** The header title: the active item's label, else 'Painel Administrativo'. */
export function titleFor(pathname: string): string {
  const all = [...NAV_ITEMS, USERS_ITEM, INTEGRATIONS_ITEM, UNITS_ITEM, EXPERIMENTS_ITEM];
  const exact = all.find((i) => i.href === pathname);
  if (exact) return exact.label;
  const nested = all.filter((i) => i.href !== "/admin").find((i) => pathname.startsWith(`${i.href}/`));
  return nested?.label ?? EXTRA_TITLES[pathname] ?? "Painel Administrativo";
}
