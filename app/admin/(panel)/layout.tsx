import { AdminProvider } from "@/components/admin/admin-context";
import { AdminShell } from "@/components/admin/admin-shell";
import type { Metadata } from "next";

// The dashboard's title; every other screen's layout names its own.
export const metadata: Metadata = { title: "Dashboard" };

export default function PanelLayout({ children }: { children: React.ReactNode }) {
  return (
    <AdminProvider>
      <AdminShell>{children}</AdminShell>
    </AdminProvider>
  );
}
