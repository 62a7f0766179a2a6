"use client";
// How a totem winner takes the prize away (issue 49): a QR of the claim page for the winner's own
// phone, and "Enviar para o meu WhatsApp" sent by our server (POST .../kiosk/prize-message), never
// wa.me in a new tab that the next person would find open with the winner's number. The button is
// there only when the shop sends prizes by WhatsApp; the QR always is. Shown by the result screen
// (components/public-wheel/result.tsx) on a totem only.
import { useEffect, useState } from "react";
import { api, errorText } from "@/lib/swr/fetcher";

/** The QR code library, fetched by the totem ahead of any result (it must work offline too). */
export const loadQr = () => import("qrcode");

export interface KioskHandOff {
  device: string;
  /** The public API's path of the wheel (/public/{c}/wheels/{w}). */
  wheelPath: string;
  /** The shop sends prizes by WhatsApp: the button is shown. */
  whatsapp: boolean;
}

interface Props extends KioskHandOff {
  code: string;
  /** The claim page's path (/w/{c}/{w}/premio/{code}). */
  claimPath: string;
  /** The winner's number, masked ("+55 (11) 9••••-1234"). */
  maskedWhatsapp: string;
}

type Sent = "idle" | "sending" | "sent" | { error: string };

export function PrizeHandOff({ device, wheelPath, whatsapp, code, claimPath, maskedWhatsapp }: Props) {
  const [qr, setQr] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent>("idle");
  const claimUrl = typeof window === "undefined" ? claimPath : new URL(claimPath, window.location.origin).href;

  useEffect(() => {
    let live = true;
    loadQr()
      .then((QR) => QR.toDataURL(claimUrl, { margin: 1, width: 240, errorCorrectionLevel: "M" }))
      .then((url) => live && setQr(url))
      .catch(() => undefined); // the code on screen still works at the counter
    return () => {
      live = false;
    };
  }, [claimUrl]);

  async function send() {
    setSent("sending");
    try {
      await api(`${wheelPath}/kiosk/prize-message`, { method: "POST", body: { device, code } });
      setSent("sent");
    } catch (err) {
      setSent({ error: errorText(err, "Não foi possível enviar agora. Use o QR code.") });
    }
  }

  return (
    <div className="mt-4 rounded-xl border border-gray-200 p-4">
      <p className="text-base font-semibold text-gray-900">Leve o prêmio com você</p>
      {qr ? (
        // eslint-disable-next-line @next/next/no-img-element -- a data URL made here
        <img
          src={qr}
          alt={`QR code do seu prêmio: ${claimUrl}`}
          width={200}
          height={200}
          className="mx-auto mt-2 h-48 w-48"
        />
      ) : (
        <div className="mx-auto mt-2 h-48 w-48" aria-hidden />
      )}
      <p className="text-sm text-gray-700">Aponte a câmera do seu celular para abrir o seu prêmio.</p>
      {whatsapp && (
        <div className="mt-3">
          <button
            type="button"
            onClick={send}
            disabled={sent === "sending" || sent === "sent"}
            className="w-full rounded-xl bg-green-700 px-4 py-3 text-base font-bold text-white hover:bg-green-800 focus:ring-2 focus:ring-green-700 focus:ring-offset-2 focus:outline-none disabled:opacity-60"
          >
            Enviar para o meu WhatsApp
          </button>
          <p role="status" className="mt-2 min-h-5 text-sm font-medium">
            {sent === "sent" && (
              <span className="text-green-800">Enviamos o prêmio para o seu WhatsApp {maskedWhatsapp}.</span>
            )}
            {typeof sent === "object" && <span className="text-red-700">{sent.error}</span>}
          </p>
        </div>
      )}
    </div>
  );
}
