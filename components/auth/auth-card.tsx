"use client";
// The frame of the sign-in, sign-up, forgot and reset screens, and their submit button.
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/lib/ui/use-hydrated";

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: React.ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-white px-4 py-10">
      <div className="w-full max-w-md">
        <Link href="/" className="mb-6 block text-center text-2xl font-extrabold text-brand-700">
          Roleta Premiada
        </Link>
        <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-lg sm:p-8">
          <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-gray-600">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </main>
  );
}

/** Enabled once the page is interactive: a submit before that would reload the page (use-hydrated.ts). */
export function AuthSubmit({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: string }) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" loading={busy} disabled={!hydrated || disabled} className="w-full">
      {children}
    </Button>
  );
}
