"use client";
// Client-wide providers (app-providers.tsx: the next-auth session and the sonner toaster) for
// every screen but the public ones: the wheel and its devices (/w/...), its embed (/embed/...,
// /embed-preview) and the landing (/). Those are what visitors open on their phones, and they use
// neither: there, next-auth's client and sonner would only cost script and hydration (next-auth
// also fetches /api/auth/session on mount). A separate chunk, so the
// wheel's pages never load it. React.lazy rather than next/dynamic: next/dynamic's loader (its
// chunk preloading, the CSR bail-out, async storage) weighed 1.2 kB gzipped in every page's first
// load, the wheel's included. The other screens render the providers on the server as before; in
// the browser their chunk is fetched when hydration reaches them (hydration waits for it).
import { lazy } from "react";
import { usePathname } from "next/navigation";

const AppProviders = lazy(() => import("./app-providers"));

/** Screens rendered without the app providers (/w/..., /embed/..., /embed-preview, /): nothing under
 *  them may toast or read the session. A regular expression: shorter in the wheel's script than a list. */
const BARE = /^\/(w\/|embed[/-]|$)/;

export function Providers({ children }: { children: React.ReactNode }) {
  const pathname = usePathname() ?? "";
  if (BARE.test(pathname)) return children;
  return <AppProviders>{children}</AppProviders>;
}
