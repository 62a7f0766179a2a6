// Figures over a company's spins (lead stats, reports), cached exactly: an entry is used only while
// the company's spinsVersion is the one it was computed at. Database triggers bump that version on
// every write to the company's spins (migration 20261123060000), whichever path or server instance
// wrote them, so a page flip or a re-opened report costs one primary-key read instead of a scan
// over millions of rows, and never shows a stale figure.
import { LRUCache } from "lru-cache";
import { readDb } from "@/lib/db/client";

interface Entry {
  version: number;
  value: unknown;
}

// Bounded: a few hundred filters per instance is plenty for page flips and re-opened screens.
const cache = new LRUCache<string, Entry>({ max: 500 });

export async function spinsVersion(companyId: string): Promise<number> {
  const prisma = await readDb();
  const company = await prisma.company.findUnique({ where: { id: companyId }, select: { spinsVersion: true } });
  return company?.spinsVersion ?? 0;
}

/**
 * `compute()` once per (company, key, version). The version is read before computing: a spin that
 * lands meanwhile bumps it, so the next call recomputes rather than trusting this result.
 */
export async function cachedSpinFigures<T>(
  companyId: string,
  key: string,
  compute: () => Promise<T>,
  knownVersion?: number,
): Promise<T> {
  // A caller that has just read the version (the leads list, for its page anchors) passes it.
  const version = knownVersion ?? (await spinsVersion(companyId));
  const id = `${companyId}\u0000${key}`;
  const hit = cache.get(id);
  if (hit && hit.version === version) return hit.value as T;
  const value = await compute();
  cache.set(id, { version, value });
  return value;
}

/** A stable key for a filter object (dates as ISO strings, undefined fields left out). */
export function filterKey(kind: string, filters: Record<string, unknown>): string {
  const parts = Object.keys(filters)
    .sort()
    .filter((k) => filters[k] !== undefined && filters[k] !== null && filters[k] !== "")
    .map((k) => {
      const v = filters[k];
      return `${k}=${v instanceof Date ? v.toISOString() : String(v)}`;
    });
  return `${kind}?${parts.join("&")}`;
}
