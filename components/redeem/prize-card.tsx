"use client";
// What the counter sees of a code: the prize, the visitor's name and masked WhatsApp, the state, and
// one big "Entregar prêmio" button while the prize waits; owner and admin may undo a recent hand-over.
import { useState } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/misc";
import { can } from "@/lib/auth/permissions";
import { shortDate, shortDateTime } from "@/lib/dates/format";
import { maskWhatsapp } from "@/lib/redemption/hand-off";
import { UNDO_WINDOW_MS } from "@/lib/redemption/undo-window";
import { REDEMPTION_LABELS } from "@/lib/spins/validity";
import type { SpinAnswer } from "@/lib/api-types";

const STATE_COLOR = { pending: "yellow", redeemed: "green", expired: "red", none: "gray" } as const;

interface Props {
  spin: SpinAnswer;
  busy: boolean;
  onRedeem: () => void;
  onUndo: () => void;
}

export function PrizeCard({ spin, busy, onRedeem, onUndo }: Props) {
  const { user } = useAdmin();
  // When the card was opened (the counter remounts it per code): the undo window is judged from then.
  const [openedAt] = useState(() => Date.now());
  const undoable =
    spin.redeemed_at &&
    can(user.role, "undo_redemption") &&
    openedAt - new Date(spin.redeemed_at).getTime() < UNDO_WINDOW_MS;
  return (
    <section aria-labelledby="prize-found" aria-live="polite" className="mt-4 rounded-xl border border-gray-200 p-4">
      <div className="flex items-start justify-between gap-2">
        <h2 id="prize-found" className="text-xl font-bold text-gray-900">
          {spin.product_name ?? "Sem prêmio"}
        </h2>
        <Badge color={STATE_COLOR[spin.redemption_status]}>{REDEMPTION_LABELS[spin.redemption_status]}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-600">Nome</dt>
        <dd className="font-medium text-gray-900">{spin.customer_name}</dd>
        <dt className="text-gray-600">WhatsApp</dt>
        {/* Counter staff receive it masked already (lib/redemption/units.ts counterSpinDto). */}
        <dd className="font-medium text-gray-900">
          {spin.whatsapp.includes("•") ? spin.whatsapp : maskWhatsapp(spin.whatsapp)}
        </dd>
        <dt className="text-gray-600">Roleta</dt>
        <dd className="text-gray-900">{spin.wheel_name}</dd>
        <dt className="text-gray-600">Código</dt>
        <dd className="font-mono text-gray-900">{spin.redemption_code}</dd>
        {spin.redeem_until && (
          <>
            <dt className="text-gray-600">Validade</dt>
            <dd className="text-gray-900">{shortDate(spin.redeem_until)}</dd>
          </>
        )}
      </dl>
      {spin.redemption_status === "pending" && (
        <Button className="mt-4 w-full py-4 text-lg font-bold" loading={busy} onClick={onRedeem}>
          Entregar prêmio
        </Button>
      )}
      {spin.redemption_status === "expired" && (
        <p className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          Este código expirou em {shortDate(spin.redeem_until!)}.
        </p>
      )}
      {spin.redeemed_at && (
        <p className="mt-4 rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900">
          Resgatado em {shortDateTime(spin.redeemed_at)}
        </p>
      )}
      {undoable && (
        <Button variant="secondary" className="mt-2 w-full" loading={busy} onClick={onUndo}>
          Desfazer resgate
        </Button>
      )}
    </section>
  );
}
