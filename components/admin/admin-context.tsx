"use client";
// The signed-in user, their role and companies (GET /auth/verify through useMe), shared by the
// admin shell and screens, and the admin's data-layer options.
import { signOut } from "next-auth/react";
import { usePathname, useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useEffect } from "react";
import { SWRConfig } from "swr";
import { Spinner } from "@/components/ui/misc";
import { ErrorState } from "@/components/ui/query-state";
import { endpoints } from "@/lib/swr/writes";
import { FetchError } from "@/lib/swr/fetcher";
import { revalidateAll } from "@/lib/swr/use-api";
import { useMe, type AdminUser, type CompanyChoice } from "@/lib/swr/use-me";

interface AdminState {
  user: AdminUser;
  companies: CompanyChoice[];
  switchCompany: (companyId: string) => Promise<void>;
  logout: () => Promise<void>;
}

const Ctx = createContext<AdminState | null>(null);

// Screens show a "Tentar novamente" button on a failed load (components/ui/query-state.tsx) rather
// than retrying on their own; a new page or filter keeps the previous answer on screen while it loads.
const SWR_OPTIONS = { shouldRetryOnError: false, keepPreviousData: true, revalidateOnFocus: false };

export function useAdmin(): AdminState {
  const v = useContext(Ctx);
  if (!v) throw new Error("useAdmin outside AdminProvider");
  return v;
}

function Session({ children }: { children: React.ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const me = useMe();
  const revoked = me.error instanceof FetchError && me.error.status === 401;

  useEffect(() => {
    if (!revoked) return;
    // A revoked or stale session: clear it and go to login, remembering where we were.
    void signOut({ redirect: false }).then(() =>
      router.replace(`/admin/login?callbackUrl=${encodeURIComponent(pathname || "/admin")}`),
    );
  }, [revoked, router, pathname]);

  const companyId = me.data?.user.company_id;
  useEffect(() => {
    if (companyId) localStorage.setItem("currentCompany", companyId);
  }, [companyId]);

  const switchCompany = useCallback(async (companyId: string) => {
    await endpoints.auth.switchCompany(companyId);
    // Every cached answer belonged to the previous company.
    await revalidateAll();
  }, []);

  const logout = useCallback(async () => {
    localStorage.removeItem("currentCompany");
    await signOut({ redirect: false });
    router.replace("/admin/login");
  }, [router]);

  if (me.data) {
    const value = { user: me.data.user, companies: me.data.availableCompanies, switchCompany, logout };
    return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
  }
  if (me.error && !revoked && !me.isValidating)
    return <ErrorState message={me.errorMessage ?? ""} onRetry={() => void me.mutate()} />;
  return <Spinner className="min-h-screen" />;
}

export function AdminProvider({ children }: { children: React.ReactNode }) {
  return (
    <SWRConfig value={SWR_OPTIONS}>
      <Session>{children}</Session>
    </SWRConfig>
  );
}
