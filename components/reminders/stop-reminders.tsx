"use client";
// The opt-out page's button: stops the prize's reminders (DELETE .../prizes/{code}/reminders).
import { useState } from "react";
import { api, FetchError } from "@/lib/swr/fetcher";

export function StopReminders({ path, stopped }: { path: string; stopped: boolean }) {
  const [done, setDone] = useState(stopped);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function stop() {
    setBusy(true);
    setError(null);
    try {
      await api(path, { method: "DELETE" });
      setDone(true);
    } catch (err) {
      setError(err instanceof FetchError ? err.message : "Não foi possível parar os lembretes. Tente de novo.");
    } finally {
      setBusy(false);
    }
  }

  if (done)
    return (
      <p role="status" className="mt-6 rounded-lg bg-green-50 p-3 text-sm font-semibold text-green-900">
        Pronto! Você não vai mais receber lembretes deste prêmio. Seu prêmio continua valendo.
      </p>
    );
  return (
    <>
      <button
        type="button"
        onClick={stop}
        disabled={busy}
        className="mt-6 block w-full rounded-xl bg-brand-700 px-4 py-4 text-lg font-bold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {busy ? "Parando..." : "Parar lembretes"}
      </button>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
