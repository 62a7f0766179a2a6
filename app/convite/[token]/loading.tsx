import { AuthCard } from "@/components/auth/auth-card";
import { Spinner } from "@/components/ui/misc";

export default function Loading() {
  return (
    <AuthCard title="Convite">
      <Spinner label="Carregando convite..." />
    </AuthCard>
  );
}
