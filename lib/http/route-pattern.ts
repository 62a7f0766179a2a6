// A request's name for the access log and the request metrics: the route pattern it reached
// (`/api/public/[companySlug]/wheels/[wheel]/spin`), never its path, whose segments can be a prize's
// code or an invitation's token, and its route group, the one label that keeps the metrics' series
// few (docs/operations.md "Requests").
import { ROUTE_PATTERNS } from "@/lib/generated/route-patterns";

export type RouteGroup = "public" | "admin_api" | "pages" | "webhooks_in" | "health";

/** What a path that matches no page or route is named (a 404, a metadata file such as /icon.svg). */
export const UNMATCHED = "(unmatched)";
const UNMATCHED_API = `/api/${UNMATCHED}`;

type Segment = { kind: 0 | 1 | 2 | 3; name: string };

// Next's precedence: a static segment before a [dynamic] one before a [...catch-all] (and an
// optional [[...catch-all]], which also matches nothing).
function parse(pattern: string): Segment[] {
  return pattern
    .split("/")
    .filter(Boolean)
    .map((name) => {
      if (name.startsWith("[[...")) return { kind: 3, name };
      if (name.startsWith("[...")) return { kind: 2, name };
      if (name.startsWith("[")) return { kind: 1, name };
      return { kind: 0, name };
    });
}

const PARSED = ROUTE_PATTERNS.map((pattern) => ({ pattern, segments: parse(pattern) }));

/** The rank of each segment of `segments` matched against `parts`, or null when it does not match. */
function ranks(segments: Segment[], parts: string[]): number[] | null {
  const out: number[] = [];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (s.kind >= 2) return parts.length > i || s.kind === 3 ? [...out, s.kind] : null;
    if (i >= parts.length) return null;
    if (s.kind === 0 && s.name !== parts[i]) return null;
    out.push(s.kind);
  }
  return out.length === parts.length ? out : null;
}

const before = (a: number[], b: number[]) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] < b[i];
  return a.length > b.length;
};

/** The pattern of the page or route that answers `pathname` (Next's static files: `/_next/*`). */
export function routePattern(pathname: string): string {
  if (pathname.startsWith("/_next/")) return "/_next/*";
  const unmatched = pathname.startsWith("/api/") ? UNMATCHED_API : UNMATCHED;
  let parts: string[];
  try {
    parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return unmatched;
  }
  let best: { pattern: string; rank: number[] } | null = null;
  for (const { pattern, segments } of PARSED) {
    const rank = ranks(segments, parts);
    if (rank && (!best || before(rank, best.rank))) best = { pattern, rank };
  }
  return best?.pattern ?? unmatched;
}

/**
 * The group an operator reads rates, errors and latency by: the visitors' API (`public`), the
 * staff's (`admin_api`: the panel, API keys, sign-in, the cron trigger), calls from stores, WhatsApp
 * and payments (`webhooks_in`), probes and scrapes (`health`), and everything else (`pages`: the
 * screens, embed files, uploads, Next's static files).
 */
export function routeGroup(pattern: string): RouteGroup {
  if (pattern.startsWith("/api/public/")) return "public";
  if (pattern.startsWith("/api/webhooks/")) return "webhooks_in";
  if (pattern === "/api/metrics" || pattern === "/api/health" || pattern.startsWith("/api/health/")) return "health";
  if (pattern.startsWith("/api/")) return "admin_api";
  return "pages";
}
