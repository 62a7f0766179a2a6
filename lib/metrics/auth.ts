// Who may scrape /api/metrics: the bearer must equal METRICS_TOKEN (compared in constant time).
// Without METRICS_TOKEN the route does not exist (404): nothing about the server is published.
import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { notFound, unauthenticated } from "@/lib/errors";

const digest = (text: string) => createHash("sha256").update(text).digest();

export function assertMetricsCaller(authorization: string | null): void {
  const token = env().METRICS_TOKEN;
  if (!token) throw notFound();
  const given = authorization?.match(/^Bearer (.+)$/)?.[1];
  if (!given || !timingSafeEqual(digest(given), digest(token))) throw unauthenticated("Token de métricas inválido.");
}
