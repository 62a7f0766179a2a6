// Whether an active wheel has a prize left to give (issue 38): the public page counts the prizes
// that are active and in stock (lib/spins/public-wheel.ts); with none, it tells visitors the
// prizes ran out and takes no one. The wheels list and the dashboard say so too, instead of "Ativa".
import "server-only";
import type { TenantDb } from "@/lib/db/tenant";

export interface Availability {
  /** Prizes on the wheel. */
  prizes: number;
  /** Of those, the ones a visitor can win now (active, stock above 0). */
  available: number;
}

/** Each wheel's prizes and how many are available, by wheel id (every id given is in the map). */
export async function wheelAvailability(t: TenantDb, wheelIds: string[]): Promise<Map<string, Availability>> {
  const out = new Map<string, Availability>(wheelIds.map((id) => [id, { prizes: 0, available: 0 }]));
  if (!wheelIds.length) return out;
  const rows = await t.wheelProduct.findMany({
    where: { wheelId: { in: wheelIds } },
    select: { wheelId: true, product: { select: { isActive: true, stock: true } } },
  });
  for (const r of rows) {
    const a = out.get(r.wheelId)!;
    a.prizes++;
    if (r.product.isActive && r.product.stock > 0) a.available++;
  }
  return out;
}

/** An active wheel with nothing left to win: its page takes no visitor. */
export const soldOut = (status: string, a: Availability | undefined) => status === "active" && !a?.available;
