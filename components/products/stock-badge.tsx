import { Badge } from "@/components/ui/misc";

/** Stock badge: above 10 good, 1 to 10 low, 0 out. */
export function StockBadge({ stock }: { stock: number }) {
  if (stock > 10) return <Badge color="green">{stock} em estoque</Badge>;
  if (stock > 0) return <Badge color="yellow">{stock} (estoque baixo)</Badge>;
  return <Badge color="red">Esgotado</Badge>;
}
