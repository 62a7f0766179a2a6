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
import { notify } from "@/lib/ui/toast";
import { INVITATION_MESSAGES } from "@/lib/copy/invitations";

function Row({ invitation, canWrite }: { invitation: PendingInvitation; canWrite: boolean }) {
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
          {roleLabel(invitation.role)} · válido até {shortDateTime(invitation.expires_at)}
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
              <Row key={i.id} invitation={i} canWrite={canWrite} />
            ))}
          </ul>
        )}
      </QueryState>
    </Card>
  );
}
