"use client";
// The totem's own error screen (issue 49): whatever breaks on a kiosk (a chunk it could not load
// while the fair's Wi-Fi was down), the tablet stays on a screen of ours in pt-BR instead of Next's
// English error page, and comes back by itself: when the browser says it is online, and every 10 s,
// it asks the server's health check and, once answered, reloads the totem's page (its link carries
// the device's token), which starts again at the attract screen.
import { useCallback, useEffect } from "react";

const RETRY_MS = 10_000;

export default function TotemError() {
  const retry = useCallback(async () => {
    if (!navigator.onLine) return;
    try {
      const res = await fetch("/api/health", { cache: "no-store" });
      if (res.ok) window.location.reload();
    } catch {
      /* still offline: the next try or the "online" event */
    }
  }, []);
  useEffect(() => {
    const timer = setInterval(retry, RETRY_MS);
    window.addEventListener("online", retry);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", retry);
    };
  }, [retry]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-gray-900 p-8 text-center text-white">
      <h1 className="text-3xl font-extrabold">Totem sem conexão</h1>
      <p role="status" className="max-w-md text-lg text-gray-200">
        O totem volta sozinho assim que a internet voltar.
      </p>
      <button
        type="button"
        onClick={retry}
        className="min-h-16 rounded-2xl bg-white px-10 text-xl font-bold text-gray-900"
      >
        Tentar agora
      </button>
    </main>
  );
}
