// CI's stand-in for `docker run` (no Docker engine there): assembles a clean folder from exactly the
// Dockerfile's `COPY --from=build` lines (the standalone server, its static files, the migrations,
// the ops bundles), applies the migrations with ops/migrate.mjs, starts `node server.js` from that
// folder against Postgres, and runs a smoke test over HTTP: sign-up, a product, a wheel, spins (one
// repeated: a refusal), the lead in the list. Then it scrapes /api/metrics (404 and 401 checked
// first; the scrape is written to SCRAPE_FILE for `promtool check metrics`), and reads the server's
// whole log: every line JSON from pino (bar Next's own start-up lines) and none holding the smoke's
// phone numbers, e-mail, password or tokens. Last, it starts the folder without Postgres (PGlite).
// Needs `NEXT_OUTPUT=standalone npm run build` and `node scripts/ops/build-ops.mjs` first.
// Usage: DATABASE_URL=postgresql://.../fresh_db node scripts/ops/standalone-smoke.mjs
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) throw new Error("DATABASE_URL (a fresh Postgres database) is required");
const PORT = Number(process.env.SMOKE_PORT ?? 3960);
const SCRAPE_FILE = process.env.SCRAPE_FILE ?? path.join(tmpdir(), "roleta-scrape.prom");
const DIST = process.env.NEXT_DIST_DIR || ".next";
const TOKEN = "smoke-metrics-token-0123456789";
const started = Date.now();
const say = (msg) => console.log(`[smoke ${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);
function check(ok, msg) {
  if (!ok) throw new Error(`SMOKE FAILED: ${msg}`);
}

// 1. The folder the image would hold: the Dockerfile's runtime COPY lines, /src/.next -> DIST.
// Next's tracer copies the whole project there when a module reads a path it cannot bound (it did:
// lib/embed/warm.ts, docs/decisions/operations.md "Self-hosting and serverless (issue 50)"): the
// output must hold server.js, its build and node_modules, never the sources, tests, docs or scripts.
// (One source file remains: app/uploads/[...key]/route.ts, which the tracer takes for the uploads
// folder, `path.resolve(DATA_DIR, "uploads")` in lib/storage; a hint there traced everything.)
const SOURCES = ["tests", "docs", "scripts", "components", "lib", "embed", "README.md", "Dockerfile"];
const copiedSources = SOURCES.filter((f) => existsSync(path.join(DIST, "standalone", f)));
check(copiedSources.length === 0, `the standalone output holds the project's ${copiedSources.join(", ")}`);
const dir = mkdtempSync(path.join(tmpdir(), "roleta-standalone-"));
const copies = [
  ...readFileSync("Dockerfile", "utf8").matchAll(/^COPY --from=build (?:--chown=\S+ )?\/src\/(\S+) (\S+)$/gm),
];
check(copies.length >= 4, "the Dockerfile's COPY --from=build lines were not found");
for (const [, from, to] of copies) {
  const source = from.replace(/^\.next(?=\/|$)/, DIST).replace(/^\.ops$/, process.env.OPS_DIR ?? ".ops");
  check(existsSync(source), `${source} is missing (build it first)`);
  cpSync(source, path.join(dir, to), { recursive: true });
}
// A standalone build with a custom distDir nests the server's build folder under that name.
if (DIST !== ".next" && existsSync(path.join(dir, DIST))) {
  cpSync(path.join(dir, ".next", "static"), path.join(dir, DIST, "static"), { recursive: true });
}
say(`image folder ${dir}: ${copies.map((c) => c[2]).join(", ")}`);

const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  DATABASE_URL,
  APP_URL: `http://127.0.0.1:${PORT}`,
  NEXTAUTH_URL: `http://127.0.0.1:${PORT}`,
  NEXTAUTH_SECRET: "smoke-secret-0123456789abcdef",
  APP_ENCRYPTION_KEY: "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=",
  DATA_DIR: path.join(dir, "data"),
  MIGRATE_ON_START: "false",
  // No SMTP here: e-mails to DATA_DIR/outbox, wanted (else readiness answers 503 mail).
  MAIL_TO_FILES: "true",
  // No load shedding: a busy CI machine must not turn the smoke's spins into 503s.
  SHED_EVENT_LOOP_MS: "0",
  SHED_POOL_WAIT_MS: "0",
  METRICS_TOKEN: TOKEN,
  PORT: String(PORT),
  HOSTNAME: "127.0.0.1",
};

// 2. The one-shot migration, as the compose file's migrate service runs it.
const migrate = spawnSync(process.execPath, ["ops/migrate.mjs"], { cwd: dir, env, encoding: "utf8" });
check(migrate.status === 0, `ops/migrate.mjs failed:\n${migrate.stdout}${migrate.stderr}`);
say(`migrate: ${migrate.stdout.trim().slice(0, 80)}...`);

// 3. The app.
const logFile = path.join(dir, "server.log");
let log = "";
const server = spawn(process.execPath, ["server.js"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
server.stdout.on("data", (d) => (log += d));
server.stderr.on("data", (d) => (log += d));
const base = `http://127.0.0.1:${PORT}`;
// What the log must never hold (step 6).
const email = `smoke-${Date.now()}@exemplo.com.br`;
const password = "Senha-smoke-123";
const phones = Array.from({ length: 20 }, (_, i) => {
  const n = String(70_000_000 + i * 37);
  return `(11) 9${n.slice(0, 4)}-${n.slice(4)}`;
});
try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    check(server.exitCode === null, `server.js exited:\n${log}`);
    check(Date.now() < deadline, `not ready within 60 s:\n${log}`);
    const ok = await fetch(`${base}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  say("ready");
  const live = await fetch(`${base}/api/health`);
  check(live.ok && live.headers.get("x-request-id"), "GET /api/health: 200 with an X-Request-Id");
  // The image's health probe (bash's /dev/tcp, the Dockerfile's HEALTHCHECK and compose's check).
  const probe = (p, port = PORT) =>
    spawnSync("bash", ["ops/probe.sh", p], { cwd: dir, env: { ...env, PORT: String(port) } }).status;
  check(probe("/api/health") === 0, "ops/probe.sh /api/health: exit 0");
  check(probe("/api/health/ready") === 0, "ops/probe.sh /api/health/ready: exit 0");
  check(probe("/api/nothing-here") !== 0, "ops/probe.sh on a 404: a failure");
  check(probe("/api/health", PORT + 1) !== 0, "ops/probe.sh with nothing listening: a failure");
  say("ops/probe.sh: 0 on liveness and readiness, a failure on a 404 and on a closed port");

  const api = async (method, url, body, token, headers = {}) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* text */
    }
    return { status: res.status, json, text };
  };

  // 4. Sign-up, a product, a wheel, spins, the lead.
  const signup = await api("POST", "/api/auth/signup", {
    companyName: "Loja Smoke",
    name: "Dona Smoke",
    email,
    password,
  });
  check(signup.status === 201, `sign-up: ${signup.status} ${signup.text}`);
  const { token, company } = signup.json;
  const product = await api(
    "POST",
    "/api/products",
    { name: "Brinde", description: "Um brinde", stock: 100, weight: 1 },
    token,
  );
  check(product.status === 201, `product: ${product.status} ${product.text}`);
  const wheel = await api("POST", "/api/wheels", { name: "Roleta", slug: "roleta-smoke", status: "active" }, token);
  check(wheel.status === 201, `wheel: ${wheel.status} ${wheel.text}`);
  const prizes = await api(
    "POST",
    `/api/wheels/${wheel.json.wheel.id}/products`,
    { products: [{ product_id: product.json.product.id, odds_weight: 1 }] },
    token,
  );
  check(prizes.status === 200, `prizes: ${prizes.status} ${prizes.text}`);
  const spinUrl = `/api/public/${company.slug}/wheels/roleta-smoke/spin`;
  for (const [i, whatsapp] of phones.entries()) {
    const spin = await api("POST", spinUrl, { name: "Visitante Smoke", whatsapp, consent: true }, null, {
      "x-forwarded-for": `10.9.${i}.1`,
    });
    check(spin.status === 201 && spin.json.result === "won", `spin ${i}: ${spin.status} ${spin.text}`);
  }
  const again = await api("POST", spinUrl, { name: "Visitante Smoke", whatsapp: phones[0], consent: true }, null, {
    "x-forwarded-for": "10.9.200.1",
  });
  check(again.status === 409, `a second spin of one number: ${again.status}`);
  const leads = await api("GET", "/api/wheels/spins/all", null, token);
  check(
    leads.status === 200 && leads.text.includes("Visitante Smoke"),
    `leads: ${leads.status} ${leads.text.slice(0, 200)}`,
  );
  say(`sign-up, product, wheel, ${phones.length} spins and a refusal, leads listed`);

  // 5. Metrics: 401 with another token, then the scrape.
  check((await api("GET", "/api/metrics", null, `${TOKEN}x`)).status === 401, "metrics with a wrong token: 401");
  const scrape = await api("GET", "/api/metrics", null, TOKEN);
  check(scrape.status === 200, `metrics: ${scrape.status}`);
  for (const series of [
    'roleta_spins_total{result="won"} 20',
    'roleta_spin_refusals_total{reason="duplicate"} 1',
    "roleta_spin_duration_seconds_count",
    'roleta_jobs_pending{kind="webhook"}',
    "roleta_jobs_oldest_due_age_seconds",
    'roleta_db_pool_connections{state="in_use"}',
    // Every route group's requests (docs/operations.md "Requests"), counted once each.
    'roleta_http_requests_total{group="public",method="POST",status="201"} 20',
    'roleta_http_requests_total{group="public",method="POST",status="409"} 1',
    'roleta_http_requests_total{group="admin_api",method="GET",status="200"}',
    'roleta_http_request_duration_seconds_count{group="health"}',
    "roleta_requests_shed_total 0",
    'roleta_jobs_oldest_age_seconds{kind="webhook"}',
  ])
    check(scrape.text.includes(series), `the scrape lacks ${series}`);
  writeFileSync(SCRAPE_FILE, scrape.text);
  say(`metrics scraped to ${SCRAPE_FILE} (${scrape.text.length} bytes)`);
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  writeFileSync(logFile, log);
}

// 6. The log: JSON lines, none holding the smoke's contacts or secrets.
const lines = log.split("\n").filter((l) => l.trim());
const json = lines.filter((l) => l.startsWith("{"));
check(json.length > 0, "the server wrote no JSON log line");
const other = lines.filter(
  (l) => !l.startsWith("{") && !/^\s*(▲|✓|-|Next\.js|Local:|Network:|Starting|Ready)/.test(l.trim()),
);
check(other.length === 0, `log lines that are not JSON:\n${other.join("\n")}`);
let access = 0;
for (const l of json) {
  const o = JSON.parse(l);
  check(o.level && o.time && o.msg !== undefined, `a log line without level, time and msg: ${l}`);
  if (o.access) {
    access++;
    check(!o.route.includes("?"), `an access line with a query string: ${l}`);
  }
}
// One access line per request: at least the sign-up, the product, the wheel, 21 spins, the leads.
check(access >= 25, `${access} access lines`);
const secrets = [email, password, TOKEN, ...phones, ...phones.map((p) => p.replace(/\D/g, ""))];
const leaked = secrets.filter((s) => log.includes(s));
check(leaked.length === 0, `the log holds ${leaked.join(", ")}`);
say(
  `log: ${json.length} JSON lines (${access} access lines), none holding the ${secrets.length} contacts, passwords and tokens`,
);
// 7. The same folder without Postgres: the embedded database, which lib/db/client.ts imports out of
// the tracer's sight (so Vercel's functions do without it) and next.config.mjs lists for this output.
{
  const embeddedEnv = { ...env };
  delete embeddedEnv.DATABASE_URL;
  const embedded = spawn(process.execPath, ["server.js"], {
    cwd: dir,
    env: { ...embeddedEnv, PGLITE_DIR: "memory://", MIGRATE_ON_START: "true" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  embedded.stdout.on("data", (d) => (out += d));
  embedded.stderr.on("data", (d) => (out += d));
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      check(embedded.exitCode === null, `server.js on PGlite exited:\n${out}`);
      check(Date.now() < deadline, `server.js on PGlite not ready within 60 s:\n${out.slice(-2000)}`);
      const ok = await fetch(`${base}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 300));
    }
  } finally {
    embedded.kill("SIGTERM");
    await new Promise((r) => embedded.once("exit", r));
  }
  say("server.js without DATABASE_URL: ready on the embedded database");
}
rmSync(dir, { recursive: true, force: true });
say("STANDALONE SMOKE PASSED");
