// The one place process.env is read. Every variable is validated here; see .env.example.
import { z } from "./validation/z";

const bool = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => v === "true" || v === "1");

// TRUST_PROXY: true/false, or the proxies' addresses/CIDRs (lib/net/client-ip.ts). Checked by pattern
// here (this module reaches the browser bundle; ipaddr.js parses the list on the server).
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/(3[0-2]|[12]?\d))?$/;
const IPV6 = /^[0-9a-f:]*:[0-9a-f:.]*(\/(12[0-8]|1[01]\d|[1-9]?\d))?$/i;
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): boolean | string[] => {
    const t = (v ?? "").trim();
    if (t === "" || t === "false" || t === "0") return false;
    if (t === "true" || t === "1") return true;
    const list = t.split(",").map((s) => s.trim());
    const bad = list.filter((s) => !IPV4.test(s) && !IPV6.test(s));
    if (bad.length)
      ctx.addIssue({ code: "custom", message: `true, false or addresses/CIDRs; not ${bad.join(", ") || "empty"}` });
    return list;
  });

/** Like bool, but unset means true. */
const boolDefaultTrue = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => v === undefined || v === "true" || v === "1");

// A 32-byte key: hex (64 characters) or base64 (43 characters and its "=", standard or URL-safe).
// A pattern, not a decode: this module is in the admin's browser bundle (DIRECT_UPLOADS), where
// Buffer is not. lib/security/secrets.ts parseKey decodes what passed.
const key32 = z
  .string()
  .trim()
  .regex(/^(?:[0-9a-f]{64}|[A-Za-z0-9+/_-]{43}=?)$/i, "must be 32 bytes, base64 (44 characters) or hex (64)");
const optionalKey = key32.optional();
/** Keys separated by commas; unset is none. */
const keyList = z
  .string()
  .default("")
  .transform((v) =>
    v
      .split(",")
      .map((k) => k.trim())
      .filter(Boolean),
  )
  .pipe(z.array(key32));

/** A big-screen stream's default lifetime on Vercel: under the functions' 300 s, with room to close. */
export const VERCEL_STREAM_MAX_SECONDS = 270;

/** Next's own default port, when PORT is not set. */
const DEFAULT_PORT = 3000;

export const APP_URL_REQUIRED =
  "must be set in production: the site's public address (e.g. https://roleta.example.com), used in e-mails, QR codes, posters and source links";

/**
 * An empty or blank value counts as unset, for every variable: `.env.example` copied to
 * `.env.local` as its header says leaves most of them empty (`NEXTAUTH_SECRET=`), and a compose
 * file passes `${VAR:-}` through as "". One rule here instead of one per variable.
 */
export function setVariables(source: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ""));
}

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    // Set by Next itself: the runtime of this module ("nodejs" or "edge") and the build phase.
    NEXT_RUNTIME: z.string().optional(),
    NEXT_PHASE: z.string().optional(),
    // Build folder (next.config.mjs), so parallel e2e runs and benchmarks can build side by side.
    NEXT_DIST_DIR: z.string().optional(),
    DATABASE_URL: z.string().url().optional(),
    // The big screens' LISTEN connection (lib/screens/bus.ts): a direct or session-mode address when
    // DATABASE_URL goes through a transaction-mode pooler, which cannot hold a LISTEN. Default DATABASE_URL.
    DATABASE_LISTEN_URL: z.string().url().optional(),
    // A streaming replica (a hot standby) for the reads that may lag: lead lists, exports, reports,
    // funnel, experiment results (lib/db/replica-scope.ts). Decisions and writes never go there. Unset: all
    // on DATABASE_URL. Ignored without DATABASE_URL (the embedded database has no replica).
    DATABASE_REPLICA_URL: z.string().url().optional(),
    PGLITE_DIR: z.string().default(".data/pglite"),
    // Shared rate-limit store; wins over Postgres when both are set (lib/rate-limit).
    REDIS_URL: z.string().url().optional(),
    REDIS_KEY_PREFIX: z.string().min(1).default("roleta"),
    // A dump of a migrated database (PGlite dumpDataDir) an in-memory PGlite starts from (the tests).
    PGLITE_SNAPSHOT: z.string().optional(),
    PG_PREPARED_STATEMENTS: boolDefaultTrue,
    // Connections each instance's pool may open (docs/scaling.md: instances x size <= max_connections - reserve).
    PG_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
    // Load shedding (lib/http/overload.ts): the public spin and page answer 503 with Retry-After at
    // once while the event loop runs this many ms behind, or a pooled connection has been awaited
    // this long; 0 turns that signal off. Bounds from bench:jobs (docs/scaling.md "Shedding load").
    SHED_EVENT_LOOP_MS: z.coerce.number().int().min(0).max(60_000).default(100),
    SHED_POOL_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    // The spins' waiting room (lib/http/spin-gate.ts): this many spins run at once (0: no cap), the
    // others wait up to SHED_QUEUE_WAIT_MS for a place (0: 503 at once), oldest visitor first, at
    // most SHED_QUEUE_MAX of them. The wait stays under the page's 10 s try.
    SHED_SPINS_IN_FLIGHT: z.coerce.number().int().min(0).max(10_000).default(16),
    SHED_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(9_000).default(3000),
    SHED_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(2000),
    DATA_DIR: z.string().default(".data"),
    NEXTAUTH_SECRET: z.string().min(16).optional(),
    // Secrets at rest (lib/security/secrets.ts) and the CPF's HMAC (lib/security/cpf.ts): each
    // derived from NEXTAUTH_SECRET when unset. Checked here, so a malformed key stops the start
    // instead of the first request that needs it.
    APP_ENCRYPTION_KEY: optionalKey,
    APP_ENCRYPTION_KEY_PREVIOUS: keyList,
    CPF_HASH_KEY: optionalKey,
    // The public origin (e-mails, QR codes, posters, source links). Required in production; in
    // development and tests it defaults to the origin this server listens on (PORT, as Next takes it).
    APP_URL: z.string().url().optional(),
    PORT: z.coerce.number().int().min(1).max(65_535).optional(),
    SEED_DEMO: bool,
    BLOB_READ_WRITE_TOKEN: z.string().optional(),
    SMTP_URL: z.string().optional(),
    // Production without SMTP_URL writes every e-mail to DATA_DIR/outbox, which nobody reads: the
    // server stays not ready (readiness 503 "mail") unless this says that is wanted (lib/mail/ready.ts).
    MAIL_TO_FILES: bool,
    MAIL_FROM: z.string().default("Roleta Premiada <no-reply@localhost>"),
    // What Meta charges for one utility template message to Brazil, in reais, as the wheel editor's
    // "Lembretes" shows it (docs/decisions/reminders.md "What a WhatsApp reminder costs").
    WHATSAPP_UTILITY_PRICE_BRL: z.coerce.number().min(0).max(100).default(0.04),
    CHECKOUT_URL_PRO: z.string().url().optional(),
    PAYMENT_WEBHOOK_SECRET: z.string().optional(),
    // Nuvemshop's app secret: it signs the stores' order webhooks (docs/api.md "Store orders (issue 39)");
    // unset: Nuvemshop order webhooks are refused (401).
    NUVEMSHOP_APP_SECRET: z.string().optional(),
    // X-Forwarded-For is read from every peer (true) or only from these proxies (a list).
    TRUST_PROXY: trustProxy,
    // Who may create an account (docs/decisions/operations.md "Private installs: sign-up and plan"):
    // open, anyone signs up; invite, only an invitation creates one (POST /auth/signup answers 403).
    SIGNUP: z.enum(["open", "invite"]).default("open"),
    // The plan a new company gets: unset, a 14-day Pro trial that ends on Free (the hosted service);
    // free or pro, that plan with no end (a private install without Free's limits: pro).
    DEFAULT_PLAN: z.enum(["free", "pro"]).optional(),
    // One-click store installs (docs/api.md "Connecting a real store in one click"; docs/stores.md says
    // what to register). Nuvemshop's app id (Partners portal) and where its authorize page and token
    // endpoint live; the script (Partners portal "Scripts") installed in each store so it pastes nothing.
    NUVEMSHOP_APP_ID: z.string().optional(),
    NUVEMSHOP_AUTH_URL: z.string().url().default("https://www.nuvemshop.com.br"),
    NUVEMSHOP_TOKEN_URL: z.string().url().default("https://www.tiendanube.com/apps/authorize/token"),
    NUVEMSHOP_SCRIPT_ID: z.string().optional(),
    // Nuvemshop's Admin API base (tests, a proxy).
    NUVEMSHOP_API_URL: z.string().url().default("https://api.nuvemshop.com.br/v1"),
    // Shopify's app (Dev Dashboard): its client id and secret (the secret signs the install callback
    // and every webhook of the stores installed with it).
    SHOPIFY_API_KEY: z.string().optional(),
    SHOPIFY_API_SECRET: z.string().optional(),
    // Shopify's base instead of the shop's own address (tests, a proxy): the Admin API and the token exchange.
    SHOPIFY_API_URL: z.string().url().optional(),
    // The marketing tools' API bases (docs/marketing.md), overridden in tests by local fakes. Unset:
    // Klaviyo's and Brevo's public hosts, and Mailchimp's data centre from the key ("...-us21").
    KLAVIYO_API_URL: z.string().url().optional(),
    BREVO_API_URL: z.string().url().optional(),
    MAILCHIMP_API_URL: z.string().url().optional(),
    // Sign-ups per client address per hour (docs/decisions/rate-limits.md "Sign-up: 5 an hour per
    // address"); the e2e server raises it, its browser signing up dozens of companies from one address.
    SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
    // Outgoing webhooks (lib/webhooks). Lets endpoints point at loopback/private addresses (local
    // development and tests only: it disables the SSRF guard).
    WEBHOOK_ALLOW_PRIVATE_HOSTS: bool,
    // Run the delivery worker inside the Node server (instrumentation.ts). Turn off where a separate
    // `npm run worker` or the cron route delivers instead. Unset: on, except on Vercel (see below).
    WEBHOOK_WORKER: z.enum(["true", "false", "1", "0", ""]).optional(),
    // Set by Vercel on its builds and functions (docs/decisions/operations.md "Self-hosting and
    // serverless (issue 50)"): no process outlives a request there, and the disk is read-only.
    VERCEL: z.string().optional(),
    // The most seconds one big-screen stream stays open (the screen reconnects by itself); 0: no
    // limit. Unset: 270 on Vercel (under a function's 300 s), none elsewhere.
    STREAM_MAX_SECONDS: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce.number().int().min(0).max(86_400).optional(),
    ),
    // Pause of the worker between polls of an empty queue.
    WEBHOOK_WORKER_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
    // How long one render of a public wheel page is shared (lib/public-page/html-cache.ts); 0: off.
    PUBLIC_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    // How old a readiness check GET /api/health/ready may answer from (lib/health/ready.ts); 0: a
    // check per probe (bench:spin's trivial route: one SELECT 1 per request).
    READINESS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    // The most webhook sends and jobs one worker process runs at once (lib/worker/loop.ts); one
    // company holds at most half of them (docs/decisions/jobs.md "A queue that keeps up").
    WORKER_CONCURRENCY: z.coerce.number().int().min(2).max(256).default(32),
    // The most rows one claim statement takes (lib/webhooks/claim.ts).
    WORKER_BATCH: z.coerce.number().int().min(1).max(256).default(16),
    // How far the server's heap may grow past what survived its last full collection, in percent
    // (lib/async/heap-growth.ts); 0 leaves V8's own heuristics (up to 300%).
    HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(300).default(25),
    // How long one delivery attempt may take (well under the 60 s claim lease of lib/webhooks/backoff.ts).
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(30_000).default(10_000),
    // The server's log level (lib/log): one JSON object a line on stdout.
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // Bearer secret of GET /api/metrics (Prometheus); unset -> the route answers 404.
    METRICS_TOKEN: z.string().min(16).optional(),
    // Port on which `npm run worker` serves its own /metrics (same METRICS_TOKEN); unset: none.
    METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
    // Apply pending migrations when the server or worker first opens the database. Off where a
    // one-shot `npm run db:migrate` does it before the rollout (docker-compose.yml's migrate service).
    MIGRATE_ON_START: boolDefaultTrue,
    // A background job's time budget (docs/decisions/jobs.md "A job's time budget"): a job starts no
    // new piece of work that could end past it, and re-queues the rest.
    JOB_TIME_BUDGET_MS: z.coerce.number().int().min(500).max(120_000).default(20_000),
    // Bearer secret of GET /api/cron/webhooks (Vercel Cron sends it); unset -> the route answers 401.
    CRON_SECRET: z.string().min(16).optional(),
  })
  .transform((e) => ({
    ...e,
    APP_URL: e.APP_URL ?? `http://localhost:${e.PORT ?? DEFAULT_PORT}`,
    APP_URL_SET: !!e.APP_URL,
    // Vercel freezes a function between requests: its cron route delivers there (vercel.json).
    WEBHOOK_WORKER: e.WEBHOOK_WORKER ? e.WEBHOOK_WORKER === "true" || e.WEBHOOK_WORKER === "1" : !e.VERCEL,
    STREAM_MAX_SECONDS: e.STREAM_MAX_SECONDS ?? (e.VERCEL ? VERCEL_STREAM_MAX_SECONDS : 0),
  }));

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** The settings from a set of variables (process.env at run time), or an error naming each bad one. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(setVariables(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment variables:\n${lines}`);
  }
  return parsed.data;
}

export function env(): Env {
  return (cached ??= parseEnv(process.env));
}

/**
 * The server's start-up check (instrumentation-node.ts): production needs APP_URL, since links in
 * e-mails, QR codes and posters must point at the public site, not at this machine. Not during
 * the build, which loads the same modules without serving anything.
 */
export function assertServerEnv(e: Env = env()) {
  if (e.NODE_ENV === "production" && e.NEXT_PHASE !== "phase-production-build" && !e.APP_URL_SET)
    throw new Error(`Invalid environment variables:\n  APP_URL: ${APP_URL_REQUIRED}`);
}

/** Tests change variables between cases; production never calls this. */
export function resetEnvCache() {
  cached = undefined;
}

// A fixed development secret keeps `npm run dev` working with no setup; production must set one.
const DEV_SECRET = "dev-only-secret-change-me-in-production-0123456789";

export function authSecret(): string {
  const e = env();
  if (e.NEXTAUTH_SECRET) return e.NEXTAUTH_SECRET;
  if (e.NODE_ENV === "production" && e.NEXT_PHASE !== "phase-production-build" && e.DATABASE_URL) {
    throw new Error("NEXTAUTH_SECRET must be set in production");
  }
  return DEV_SECRET;
}

export const isEmbeddedDatabase = () => !env().DATABASE_URL;

/** Images go from the browser straight to Vercel Blob (inlined at build time from BLOB_READ_WRITE_TOKEN). */
export const DIRECT_UPLOADS = process.env.NEXT_PUBLIC_DIRECT_UPLOADS === "1";
