"use client";
// The admin shell: sidebar (company, plan, menu by permission, switcher, user menu) and header.
import { ChevronDown, Compass, LogOut, Menu, Settings, User, X } from "lucide-react";
import * as Dialog from "@radix-ui/react-dialog";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { RedeemButton } from "@/components/redeem/redeem-dialog";
import { Spinner } from "@/components/ui/misc";
import { can, roleLabel } from "@/lib/auth/permissions";
import { cn } from "@/lib/ui/cn";
import { notify } from "@/lib/ui/toast";
import { errorText } from "@/lib/swr/fetcher";
import { useAdmin } from "./admin-context";
import { COUNTER_ONLY_PATHS, counterOnly, navFor, titleFor } from "./nav-items";
import { GuidedTour, startTour } from "./tour";

function CompanySwitcher() {
  const { user, companies, switchCompany } = useAdmin();
  // The sidebar is rendered twice (desktop aside and phone drawer): each copy needs its own id,
  // or the second select has no label.
  const id = useId();
  if (companies.length <= 1) return null;
  return (
    <div className="px-4 pb-3">
      <label htmlFor={id} className="mb-1 block text-xs text-brand-100">
        Empresa
      </label>
      <select
        id={id}
        value={user.company_id}
        onChange={(e) =>
          switchCompany(e.target.value).catch((err) => notify.error(errorText(err, "Erro ao trocar de empresa")))
        }
        className="w-full rounded-md border border-white/20 bg-brand-800 px-2 py-1.5 text-sm text-white"
      >
        {companies.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function UserMenu() {
  const { user, logout } = useAdmin();
  const [open, setOpen] = useState(false);
  return (
    <div className="relative border-t border-white/10 p-3" data-tour="user-menu">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-haspopup="menu"
        className="flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-white/10"
      >
        <span className="flex h-9 w-9 items-center justify-center rounded-full bg-white/20 font-semibold" aria-hidden>
          {user.name.charAt(0).toUpperCase()}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{user.name}</span>
          <span className="block truncate text-xs text-brand-100">{roleLabel(user.role)}</span>
        </span>
        <ChevronDown className="h-4 w-4" aria-hidden />
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-3 bottom-full left-3 mb-2 rounded-lg bg-white py-1 text-gray-800 shadow-lg"
        >
          <Link
            role="menuitem"
            href="/admin/profile"
            className="flex items-center gap-2 px-4 py-2 text-sm hover:bg-gray-100"
            onClick={() => setOpen(false)}
          >
            <User className="h-4 w-4" aria-hidden /> Meu Perfil
          </Link>
          {!counterOnly(user.role) && (
            <Link
              role="menuitem"
              href="/admin/settings"
              className="flex items-center gap-2 px-4 py-2 text-sm hover:bg-gray-100"
              onClick={() => setOpen(false)}
            >
              <Settings className="h-4 w-4" aria-hidden /> Configurações
            </Link>
          )}
          <button
            role="menuitem"
            type="button"
            onClick={() => void logout()}
            className="flex w-full items-center gap-2 px-4 py-2 text-left text-sm hover:bg-gray-100"
          >
            <LogOut className="h-4 w-4" aria-hidden /> Sair
          </button>
        </div>
      )}
    </div>
  );
}

function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { user } = useAdmin();
  const pathname = usePathname();
  return (
    <div className="flex h-full flex-col bg-brand-700 text-white">
      {/* Room on the right for the phone drawer's close button. */}
      <div className="py-5 pr-12 pl-4 md:pr-4">
        <p className="truncate text-lg font-bold">{user.company_name}</p>
        <p className="text-xs text-brand-100">
          Plano: <span className="font-semibold">{user.subscription_name}</span>
        </p>
      </div>
      <CompanySwitcher />
      <nav aria-label="Menu principal" className="flex-1 space-y-1 px-2">
        {navFor(user.role).map((item) => {
          const active = item.href === "/admin" ? pathname === "/admin" : pathname.startsWith(item.href);
          const Icon = item.icon;
          return (
            <Link
              key={item.href}
              href={item.href}
              onClick={onNavigate}
              data-tour={item.tourId}
              aria-current={active ? "page" : undefined}
              className={cn(
                "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium",
                active ? "bg-white/20" : "hover:bg-white/10",
              )}
            >
              <Icon className="h-5 w-5" aria-hidden />
              {item.label}
            </Link>
          );
        })}
      </nav>
      <UserMenu />
    </div>
  );
}

/**
 * The phone's menu: a drawer over the page (Radix Dialog: focus trap, Escape, the overlay closes it)
 * with its own close button, since the drawer covers the header's menu button.
 */
function MobileDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 md:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 w-64 max-w-[85vw] md:hidden"
          aria-describedby={undefined}
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <Dialog.Close
            className="absolute top-3 right-3 z-10 rounded p-1 text-white hover:bg-white/10"
            aria-label="Fechar menu"
          >
            <X className="h-6 w-6" aria-hidden />
          </Dialog.Close>
          <Sidebar onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function AdminShell({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  const router = useRouter();
  const { user } = useAdmin();
  const [mobileOpen, setMobileOpen] = useState(false);
  // Counter staff (the attendant) live on the scanner: any other screen would only answer 403.
  const counter = counterOnly(user.role);
  const away = counter && !COUNTER_ONLY_PATHS.includes(pathname);
  useEffect(() => {
    if (away) router.replace("/admin/resgatar");
  }, [away, router]);
  return (
    <div className="flex min-h-screen">
      <aside className="hidden w-64 shrink-0 md:block" aria-label="Barra lateral">
        <div className="fixed inset-y-0 w-64">
          <Sidebar onNavigate={() => undefined} />
        </div>
      </aside>
      <MobileDrawer open={mobileOpen} onOpenChange={setMobileOpen} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-gray-200 bg-white px-3 py-3 sm:gap-3 sm:px-4">
          <button
            type="button"
            className="rounded p-1 md:hidden"
            onClick={() => setMobileOpen(true)}
            aria-label="Abrir menu"
            aria-expanded={mobileOpen}
          >
            <Menu className="h-6 w-6" aria-hidden />
          </button>
          <p className="min-w-0 flex-1 truncate text-lg font-semibold text-gray-900">{titleFor(pathname)}</p>
          {can(user.role, "redeem_prizes") && !counter && <RedeemButton />}
          {!counter && (
            <button
              type="button"
              onClick={startTour}
              title="Tour de Introdução"
              className="inline-flex shrink-0 items-center gap-1 rounded-lg border border-brand-600 px-2.5 py-1.5 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50 sm:px-3"
            >
              <Compass className="h-4 w-4 sm:hidden" aria-hidden />
              <span className="sr-only sm:not-sr-only">Tour de Introdução</span>
            </button>
          )}
        </header>
        <main className="flex-1 p-4 md:p-8">{away ? <Spinner /> : children}</main>
      </div>
      {!counter && <GuidedTour />}
    </div>
  );
}
