"use client";
// Pending invitations of the company, each with "Cancelar" for the owner.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/misc";
import { QueryState } from "@/components/ui/query-state";
import { roleLabel } from "@/lib/auth/permissions";
import { shortDateTime } from "@/lib/dates/format";
import { errorText } from "@/lib/swr/fetcher";
import { endpoints } from "@/lib/swr/writes";
import { useInvitations, type PendingInvitation } from "@/lib/swr/use-invitations";
import { useUnits, type CompanyUnit } from "@/lib/swr/use-units";
import { notify } from "@/lib/ui/toast";
import { INVITATION_MESSAGES } from "@/lib/copy/invitations";

/** Where an invited attendant will serve: its units by name, or every unit when none was chosen. */
function unitsText(invitation: PendingInvitation, units: CompanyUnit[] | undefined): string | null {
  if (invitation.role !== "attendant") return null;
  if (invitation.unit_ids.length === 0) return "todas as unidades";
  if (!units) return null;
  const names = invitation.unit_ids.map((id) => units.find((u) => u.id === id)?.name).filter(Boolean);
  return names.length ? names.join(", ") : null;
}

function Row({
  invitation,
  canWrite,
  units,
}: {
  invitation: PendingInvitation;
  canWrite: boolean;
  units: CompanyUnit[] | undefined;
}) {
  const where = unitsText(invitation, units);
  const [busy, setBusy] = useState(false);
  async function cancel() {
    setBusy(true);
    try {
      await endpoints.invitations.cancel(invitation.id);
      notify.success(INVITATION_MESSAGES.cancelled);
    } catch (err) {
      notify.error(errorText(err, "Erro ao cancelar convite"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="truncate font-medium text-gray-900">{invitation.email}</p>
        <p className="text-xs text-gray-700">
          {roleLabel(invitation.role)}
          {where && ` (${where})`} · válido até {shortDateTime(invitation.expires_at)}
        </p>
      </div>
      {canWrite && (
        <Button
          variant="secondary"
          loading={busy}
          onClick={cancel}
          aria-label={`Cancelar convite de ${invitation.email}`}
        >
          Cancelar
        </Button>
      )}
    </li>
  );
}

export function InvitationsPanel({ canWrite }: { canWrite: boolean }) {
  const query = useInvitations();
  // Unit names only when an invited attendant needs them.
  const units = useUnits(Boolean(query.data?.invitations.some((i) => i.role === "attendant" && i.unit_ids.length)));
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-gray-900">Convites pendentes</h2>
      <QueryState
        query={query}
        loading="Carregando convites..."
        isEmpty={(d) => d.invitations.length === 0}
        empty="Nenhum convite pendente."
      >
        {(d) => (
          <ul className="divide-y divide-gray-200">
            {d.invitations.map((i) => (
              <Row key={i.id} invitation={i} canWrite={canWrite} units={units.data?.units} />
            ))}
          </ul>
        )}
      </QueryState>
    </Card>
  );
}
