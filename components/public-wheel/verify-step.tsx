"use client";
// The visitor proves the WhatsApp number before the wheel (docs/api.md "WhatsApp (issue 27)"): a
// wa.me link with a pre-filled message to the shop's number, the page polling until the shop's
// webhook has seen it (it goes on by itself), or, if the visitor prefers, a 6-digit code sent by
// WhatsApp. Loaded only on wheels that ask for it, after the form: the first load does not grow.
import { useEffect, useState } from "react";
import { VERIFY_STEP as T } from "@/lib/copy/verify-step";
import { api, errorText } from "@/lib/swr/fetcher";

interface Started {
  verification_id: string;
  status: string;
  wa_link?: string;
}

interface Props {
  wheelPath: string;
  whatsapp: string;
  /** The code is offered only when the shop can send it (issue 38). */
  byCode: boolean;
  onVerified: (verificationId: string) => void;
  onBack: () => void;
}

const POLL_MS = 2000;
const button =
  "block w-full rounded-xl bg-brand-600 py-3 text-center text-lg font-bold text-white hover:bg-brand-700 disabled:opacity-50";
const link = "block w-full py-2 text-center text-sm font-medium text-brand-800 underline";

export function VerifyStep({ wheelPath, whatsapp, byCode, onVerified, onBack }: Props) {
  const [method, setMethod] = useState<"message" | "code">("message");
  const [started, setStarted] = useState<Started | null>(null);
  const [error, setError] = useState("");
  const [expired, setExpired] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);

  // One verification per method chosen (and per "Tentar de novo").
  useEffect(() => {
    let live = true;
    api<Started>(`${wheelPath}/verification`, { method: "POST", body: { whatsapp, method } })
      .then((res) => live && setStarted(res))
      .catch((err) => live && setError(errorText(err, T.error)));
    return () => {
      live = false;
    };
  }, [wheelPath, whatsapp, method, attempt]);

  // The message path: the page asks every 2 s (and when the visitor comes back from WhatsApp).
  useEffect(() => {
    if (!started || method !== "message") return;
    let live = true;
    const check = async () => {
      try {
        const res = await api<{ status: string }>(`${wheelPath}/verification/${started.verification_id}`);
        if (!live) return;
        if (res.status === "verified") onVerified(started.verification_id);
        else if (res.status === "expired") setExpired(true);
      } catch {
        /* a lost answer: the next tick asks again */
      }
    };
    const timer = setInterval(check, POLL_MS);
    const onVisible = () => document.visibilityState === "visible" && void check();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [started, method, wheelPath, onVerified]);

  /** Another verification: by the other method, or again after one expired. */
  function restart(next: "message" | "code") {
    setStarted(null);
    setError("");
    setExpired(false);
    setMethod(next);
    setAttempt((n) => n + 1);
  }

  async function confirm(e: React.FormEvent) {
    e.preventDefault();
    if (!started) return;
    setBusy(true);
    setError("");
    try {
      await api(`${wheelPath}/verification/${started.verification_id}/confirm`, { method: "POST", body: { code } });
      onVerified(started.verification_id);
    } catch (err) {
      setError(errorText(err, T.error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="verify-title" className="space-y-4 text-center">
      <h2 id="verify-title" className="text-xl font-bold text-gray-900">
        {T.title}
      </h2>
      {error && (
        <p className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800" role="status">
          {error}
        </p>
      )}
      {expired ? (
        <>
          <p className="text-gray-700">{T.expired}</p>
          <button type="button" className={button} onClick={() => restart(method)}>
            {T.retry}
          </button>
        </>
      ) : method === "message" ? (
        <>
          <p className="text-gray-700">{T.intro}</p>
          {started?.wa_link ? (
            <a href={started.wa_link} target="_blank" rel="noopener noreferrer" className={button}>
              {T.openWhatsapp}
            </a>
          ) : (
            !error && <p role="status">{T.preparing}</p>
          )}
          {started && (
            <p className="text-sm text-gray-700" role="status">
              {T.waiting}
            </p>
          )}
          {byCode && (
            <button type="button" className={link} onClick={() => restart("code")}>
              {T.preferCode}
            </button>
          )}
        </>
      ) : (
        <form onSubmit={confirm} noValidate className="space-y-3">
          <p className="text-gray-700">{started ? T.codeIntro : T.preparing}</p>
          <label htmlFor="verify-code" className="block text-sm font-medium text-gray-800">
            {T.codeLabel}
          </label>
          <input
            id="verify-code"
            className="block w-full rounded-lg border border-gray-300 px-3 py-3 text-center text-2xl tracking-widest text-gray-900"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
          />
          <button type="submit" className={button} disabled={!started || code.length !== 6 || busy}>
            {T.confirm}
          </button>
        </form>
      )}
      <button type="button" className={link} onClick={onBack}>
        {T.back}
      </button>
    </section>
  );
}
