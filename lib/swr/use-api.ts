"use client";
// The admin client's data layer: every GET goes through useApi (SWR), keyed by path and query, so
// answers are cached and shared between screens, a stale answer (an older filter, a previous page)
// never overwrites a newer one, and every write revalidates what it changed (revalidate(), called by
// the typed writes in endpoints.ts).
// Screens render the answer through <QueryState> (components/ui/query-state.tsx), which owns the
// loading, error-with-retry and empty states.
import useSWR, { mutate, type SWRConfiguration, type SWRResponse } from "swr";
import { api, errorText, type Query } from "@/lib/swr/fetcher";

type Key = readonly [path: string, query: Query];

export interface ApiQuery<T> extends SWRResponse<T, unknown> {
  /** The text to show for the current error: the server's, else the screen's fallback. */
  errorMessage: string | null;
}

export interface UseApiOptions<T> extends SWRConfiguration<T, unknown> {
  query?: Query;
  /** The screen's fallback error text, used when the server sent none. */
  errorText: string;
  /** The client timeout of this read (default API_TIMEOUT_MS, lib/swr/fetcher.ts). */
  timeoutMs?: number;
}

/** GETs `/api${path}` (null: not yet, e.g. waiting for a choice) and keeps it fresh. */
export function useApi<T>(
  path: string | null,
  { query = {}, errorText: fallback, timeoutMs, ...config }: UseApiOptions<T>,
) {
  const swr = useSWR<T, unknown, Key | null>(
    path === null ? null : [path, query],
    ([p, q]: Key) => api<T>(p, { query: q, timeoutMs }),
    config,
  );
  return Object.assign(swr, { errorMessage: swr.error ? errorText(swr.error, fallback) : null }) as ApiQuery<T>;
}

/** Revalidates every cached answer whose path starts with one of the prefixes (after a write). */
export function revalidate(...prefixes: string[]) {
  if (!prefixes.length) return Promise.resolve([]);
  return mutate(
    (key) => Array.isArray(key) && typeof key[0] === "string" && prefixes.some((p) => key[0].startsWith(p)),
  );
}

/** Drops every cached answer and refetches what is on screen (the session moved to another company). */
export const revalidateAll = () => mutate(() => true, undefined, { revalidate: true });
