// Subscription status labels: 'Ativo' in green; known states labelled; others raw in yellow.
import { Badge } from "@/components/ui/misc";

const KNOWN: Record<string, { text: string; color: "green" | "brand" | "gray" | "red" | "yellow" }> = {
  active: { text: "Ativo", color: "green" },
  trial: { text: "Período de teste", color: "brand" },
  cancelled: { text: "Cancelado", color: "gray" },
  expired: { text: "Expirado", color: "red" },
  past_due: { text: "Pagamento pendente", color: "red" },
};

export function StatusLabel({ status }: { status: string }) {
  const k = KNOWN[status];
  return k ? <Badge color={k.color}>{k.text}</Badge> : <Badge color="yellow">{status}</Badge>;
}
