// Where the pages of a filtered leads list end, remembered per company's spinsVersion (as the
// figures of lib/leads/stats-cache.ts), so a page flip starts from the previous page's last row
// instead of skipping every row before it: page 10,000 of 10 rows skipped 99,990 index entries on
// every flip (~57 ms at 1,000,000 spins; docs/performance.md, issue 29). A write to the company's
// spins bumps the version and retires every anchor, so an anchored page is the same page an
// OFFSET would give: exact, never stale. Bounded, per instance; a miss is the plain OFFSET.
import { LRUCache } from "lru-cache";

/** The keyset of a row: the list's order is ("createdAt" DESC, id DESC). */
export interface RowKey {
  createdAt: Date;
  id: string;
}

interface Anchors {
  version: number;
  /** page number -> the key of that page's last row */
  pages: Map<number, RowKey>;
}

const MAX_PAGES_PER_FILTER = 256;
const anchors = new LRUCache<string, Anchors>({ max: 200 });

/**
 * The nearest remembered page end before `page` (its number and last row), or null: the page
 * is then `skip` rows after that key, where skip = (page - 1 - anchorPage) * limit.
 */
export function nearestAnchor(key: string, version: number, page: number): { page: number; row: RowKey } | null {
  const entry = anchors.get(key);
  if (!entry || entry.version !== version) return null;
  let best: { page: number; row: RowKey } | null = null;
  for (const [p, row] of entry.pages) if (p < page && (!best || p > best.page)) best = { page: p, row };
  return best;
}

/** Remembers where `page` ends (its last row) under `version`. */
export function rememberAnchor(key: string, version: number, page: number, row: RowKey): void {
  let entry = anchors.get(key);
  if (!entry || entry.version !== version) {
    entry = { version, pages: new Map() };
    anchors.set(key, entry);
  }
  if (!entry.pages.has(page) && entry.pages.size >= MAX_PAGES_PER_FILTER) {
    // The oldest remembered page makes room (a Map iterates in insertion order).
    const oldest = entry.pages.keys().next().value;
    if (oldest !== undefined) entry.pages.delete(oldest);
  }
  entry.pages.set(page, row);
}
