// Readiness (GET /api/health/ready): the database answers, every migration of this build is
// applied (a one-shot migrate runs before the rollout: docker-compose.yml), Redis answers when
// REDIS_URL is set, and e-mail goes somewhere someone reads (lib/mail/ready.ts). Liveness (GET /api/health) asks none of these: a database outage must take
// instances out of the balancer, not get them restarted.
import "server-only";
import { freshFor } from "@/lib/async/fresh-for";
import { sqlExecutor } from "@/lib/db/client";
import { pendingMigrations } from "@/lib/db/migrate";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { mailState } from "@/lib/mail/ready";
import { pingStore } from "@/lib/rate-limit";

export type CheckState = "ok" | "failing" | "not_configured";

export interface Readiness {
  ready: boolean;
  checks: { database: CheckState; migrations: CheckState; redis: CheckState; mail: CheckState };
  /** The migrations not applied yet, when some are missing. */
  pending?: string[];
}

const CHECK_TIMEOUT_MS = 2000;

/** Rejects when `p` has not settled within the check timeout. */
function timed<T>(p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

// Migrations are never taken back: once this process saw them all applied, it need not read the
// folder and the table again on every probe (the steady state costs one SELECT 1).
const KEY = Symbol.for("roleta.migrationsApplied");
const g = globalThis as typeof globalThis & { [KEY]?: boolean };

type ServiceChecks = Omit<Readiness["checks"], "mail">;

/** What readiness asks of the outside: the database, the migrations and Redis. */
async function serviceChecks(): Promise<{ checks: ServiceChecks; pending?: string[] }> {
  const checks: ServiceChecks = { database: "failing", migrations: "failing", redis: "not_configured" };
  let pending: string[] | undefined;
  const redis = env().REDIS_URL
    ? timed(pingStore()).then(
        () => "ok" as const,
        (err) => {
          log().warn({ err }, "readiness: Redis does not answer");
          return "failing" as const;
        },
      )
    : Promise.resolve("not_configured" as const);
  try {
    const sql = await timed(sqlExecutor());
    await timed(sql.query("SELECT 1"));
    checks.database = "ok";
    if (!g[KEY]) {
      const missing = await timed(pendingMigrations(sql));
      if (missing.length) pending = missing;
      else g[KEY] = true;
    }
    checks.migrations = pending ? "failing" : "ok";
  } catch (err) {
    log().warn({ err }, "readiness: the database does not answer");
  }
  checks.redis = await redis;
  return { checks, ...(pending ? { pending } : {}) };
}

/**
 * The services' checks the route answers from: at most READINESS_CACHE_MS (a second) old, shared by
 * every probe meanwhile. The route is public and unlimited (balancers probe it without credentials);
 * a flood of probes must not become a flood of queries (docs/decisions/security.md "Public edge").
 * bench:spin sets 0: its trivial route is this one with its SELECT 1 (docs/decisions/performance.md
 * "The spin's cost, piece by piece (issue 55)").
 */
const recentServiceChecks = freshFor(() => env().READINESS_CACHE_MS, serviceChecks);

/** Readiness: the services' recent checks, and the mail's state (configuration: read each time). */
async function readinessFrom(services: () => Promise<Awaited<ReturnType<typeof serviceChecks>>>): Promise<Readiness> {
  const { checks: serviceState, pending } = await services();
  const checks: Readiness["checks"] = { ...serviceState, mail: mailState() };
  const ready = Object.values(checks).every((c) => c !== "failing");
  return { ready, checks, ...(pending ? { pending } : {}) };
}

/** A fresh check of everything (start-up, scripts). */
export const readiness = () => readinessFrom(serviceChecks);

/** What the route answers: the services as checked at most a second ago. */
export const recentReadiness = () => readinessFrom(recentServiceChecks);
