"use client";
// The signed-in user, their role and companies, shared by the admin shell and screens.
import { signOut, useSession } from "next-auth/react";
import { usePathname, useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useState } from "react";
import { Spinner } from "@/components/ui/misc";
import type { Role } from "@/lib/auth/permissions";
import { api, ApiError } from "@/lib/http/client";

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  company_id: string;
  company_name: string;
  company_slug: string;
  subscription_name: string;
}

export interface CompanyChoice {
  id: string;
  name: string;
  slug: string;
  role: Role;
}

interface AdminState {
  user: AdminUser;
  companies: CompanyChoice[];
  refresh: () => Promise<void>;
  switchCompany: (companyId: string) => Promise<void>;
  logout: () => Promise<void>;
}

const Ctx = createContext<AdminState | null>(null);

export function useAdmin(): AdminState {
  const v = useContext(Ctx);
  if (!v) throw new Error("useAdmin outside AdminProvider");
  return v;
}

export function AdminProvider({ children }: { children: React.ReactNode }) {
  const { status, update } = useSession();
  const router = useRouter();
  const pathname = usePathname();
  const [data, setData] = useState<{ user: AdminUser; companies: CompanyChoice[] } | null>(null);

  const toLogin = useCallback(() => {
    router.replace(`/admin/login?callbackUrl=${encodeURIComponent(pathname || "/admin")}`);
  }, [router, pathname]);

  const refresh = useCallback(async () => {
    try {
      const r = await api<{ user: AdminUser; availableCompanies: CompanyChoice[] }>("/auth/verify");
      setData({ user: r.user, companies: r.availableCompanies });
      localStorage.setItem("currentCompany", r.user.company_id);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        // A revoked or stale session: clear it and go to login.
        await signOut({ redirect: false });
        toLogin();
      }
    }
  }, [toLogin]);

  useEffect(() => {
    if (status === "unauthenticated") toLogin();
    if (status === "authenticated") void refresh();
  }, [status, refresh, toLogin]);

  const switchCompany = useCallback(
    async (companyId: string) => {
      await api("/auth/switch-company", { method: "POST", body: { companyId } });
      await update({ companyId });
      await refresh();
      router.refresh();
    },
    [update, refresh, router],
  );

  const logout = useCallback(async () => {
    localStorage.removeItem("currentCompany");
    await signOut({ redirect: false });
    router.replace("/admin/login");
  }, [router]);

  if (status !== "authenticated" || !data) return <Spinner className="min-h-screen" />;
  return <Ctx.Provider value={{ ...data, refresh, switchCompany, logout }}>{children}</Ctx.Provider>;
}
