"use client";
// Leaving the totem, or resuming it once left: the staff PIN, checked by the server (the totem never
// holds it). A wrong PIN says so and clears the box; 10 wrong tries in 15 minutes lock the exit for
// a while (429). A link revoked meanwhile ends on the totem's "desativado" screen.
import { useState } from "react";
import { Modal } from "@/components/ui/modal";
import { api, errorText, FetchError } from "@/lib/swr/fetcher";

interface Props {
  device: string;
  wheelPath: string;
  /** Resuming a paused totem rather than leaving it. */
  resume?: boolean;
  onClose: () => void;
  onDone: () => void;
  onRevoked: () => void;
}

export function ExitDialog({ device, wheelPath, resume = false, onClose, onDone, onRevoked }: Props) {
  const [pin, setPin] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await api(`${wheelPath}/kiosk/exit`, { method: "POST", body: { device, pin } });
      onDone();
    } catch (err) {
      if (err instanceof FetchError && err.code === "DEVICE_REVOKED") return onRevoked();
      setError(errorText(err, "Não foi possível conferir o PIN. Tente de novo."));
      setPin("");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={resume ? "Retomar o totem" : "Sair do totem"}
      description={`Digite o PIN da equipe para ${resume ? "retomar" : "sair"}.`}
      size="sm"
    >
      <form onSubmit={submit} className="space-y-4">
        <label htmlFor="kiosk-pin" className="block text-sm font-medium text-gray-800">
          PIN da equipe
        </label>
        <input
          id="kiosk-pin"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ""))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "kiosk-pin-error" : undefined}
          className="block min-h-14 w-full rounded-lg border border-gray-300 px-3 text-center text-2xl tracking-widest text-gray-900"
          autoFocus
        />
        {error && (
          <p id="kiosk-pin-error" role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={busy || pin.length < 4}
          className="min-h-14 w-full rounded-xl bg-brand-600 text-lg font-bold text-white disabled:opacity-50"
        >
          {resume ? "Retomar" : "Sair"}
        </button>
      </form>
    </Modal>
  );
}
