"use client";
import { AuthCard } from "@/components/auth/auth-card";
import { ErrorState } from "@/components/ui/query-state";

export default function InvitationError({ reset }: { reset: () => void }) {
  return (
    <AuthCard title="Convite">
      <ErrorState message="Não foi possível carregar o convite." onRetry={reset} />
    </AuthCard>
  );
}
