"use client";
// Shown when the server answers 402: the limit's text and the way to upgrade, inside the form.
import Link from "next/link";
import { useState } from "react";
import type { FetchError } from "@/lib/swr/fetcher";

export function PlanLimitNotice({ message }: { message: string }) {
  return (
    <div className="rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900" role="status">
      <p>{message}</p>
      <Link href="/admin/subscription" className="mt-1 inline-block font-semibold text-brand-700 underline">
        Ver planos e fazer upgrade
      </Link>
    </div>
  );
}

/** A create form's plan limit: `onApiError` for useApiForm's submit, and the notice to render. */
export function usePlanLimit() {
  const [message, setMessage] = useState("");
  return {
    notice: message ? <PlanLimitNotice message={message} /> : null,
    clear: () => setMessage(""),
    onApiError: (err: FetchError) => {
      if (err.status !== 402) return false;
      setMessage(err.message);
      return true;
    },
  };
}
