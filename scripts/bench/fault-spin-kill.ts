// Fault test (on demand, not CI): kill -9 the server in the middle of a spin load on Postgres,
// restart it, and check the invariants; then cut Postgres off through a TCP relay and check the
// API answers 503 in pt-BR and recovers without a restart. The kill lands after the first
// KILL_AFTER_WINS wins are answered, with most of the stock left, so wins are being recorded when it
// lands; the run fails if the stock was gone by then (the kill would have tested little).
// The fourth prize is a pool of unique codes (docs/api.md "Unique codes"): after the kill, no code is
// assigned twice or to a spin that does not exist, and its stock is its available codes.
// Usage: npm run build && npx tsx scripts/bench/fault-spin-kill.ts
import net from "node:net";
import pg from "pg";
import { migrate } from "@/lib/db/migrate";
import { poolExecutor } from "@/lib/db/sql-executor";
import { createDatabase, dropDatabase, freePort, startApp } from "./lib/bench-server";

const STOCKS = [400, 300, 200, 300];
/** The prize of STOCKS whose units are unique codes (a pool of that many). */
const POOL = 3;
const KILL_AFTER_WINS = 150;

async function seed(pool: pg.Pool) {
  const { rows } = await pool.query(
    `INSERT INTO "Company" (id, name, slug, "updatedAt") VALUES (gen_random_uuid(), 'Falhas', 'falhas', now()) RETURNING id`,
  );
  const companyId = rows[0].id as string;
  await pool.query(
    `INSERT INTO "Subscription" (id, "companyId", "planId", status, "updatedAt") VALUES (gen_random_uuid(), $1, 'pro', 'active', now())`,
    [companyId],
  );
  const wheel = await pool.query(
    `INSERT INTO "Wheel" (id, "companyId", name, slug, status, "updatedAt") VALUES (gen_random_uuid(), $1, 'Roleta', 'roleta', 'active', now()) RETURNING id`,
    [companyId],
  );
  for (const [i, stock] of STOCKS.entries()) {
    const p = await pool.query(
      `INSERT INTO "Product" (id, "companyId", name, description, stock, weight, "isActive", "updatedAt", "codeSource") VALUES (gen_random_uuid(), $1, $2, 'x', $3, 1, true, now(), $4) RETURNING id`,
      [companyId, `Prêmio ${i + 1}`, stock, i === POOL ? "pool" : "generated"],
    );
    if (i === POOL)
      await pool.query(
        `INSERT INTO "ProductCode" (id, "companyId", "productId", code)
         SELECT gen_random_uuid(), $1, $2, 'CUPOM-' || n FROM generate_series(1, $3::int) n`,
        [companyId, p.rows[0].id, stock],
      );
    await pool.query(
      `INSERT INTO "WheelProduct" (id, "companyId", "wheelId", "productId", "oddsWeight") VALUES (gen_random_uuid(), $1, $2, $3, 1)`,
      [companyId, wheel.rows[0].id, p.rows[0].id],
    );
  }
  return { companyId, wheelId: wheel.rows[0].id as string };
}

let counter = 0;
async function spin(base: string) {
  const n = ++counter;
  const res = await fetch(`${base}/api/public/falhas/wheels/roleta/spin`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.9.${(n >> 8) & 255}.${n & 255}` },
    body: JSON.stringify({ name: `Pessoa ${n}`, whatsapp: `119${String(80000000 + n)}`, consent: true }),
  });
  return res.status;
}

/** 16 visitors spinning until `ms` pass or until({ wins }) says stop (checked after each answer). */
async function load(base: string, ms: number, until: (s: { wins: number }) => boolean = () => false) {
  const statuses: Record<string, number> = {};
  const end = Date.now() + ms;
  let stop = false;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (!stop && Date.now() < end) {
        const s = await spin(base).then(String, () => "conn-error");
        statuses[s] = (statuses[s] ?? 0) + 1;
        if (until({ wins: statuses["201"] ?? 0 })) stop = true;
      }
    }),
  );
  return statuses;
}

/** Stock left and wins recorded, read from the database. */
async function figures(pool: pg.Pool, companyId: string) {
  const { rows } = await pool.query(
    `SELECT (SELECT sum(stock)::int FROM "Product" WHERE "companyId" = $1) AS stock,
            (SELECT count(*)::int FROM "Spin" WHERE "companyId" = $1 AND won) AS wins`,
    [companyId],
  );
  return rows[0] as { stock: number; wins: number };
}

async function invariants(pool: pg.Pool, companyId: string, wheelId: string) {
  const problems: string[] = [];
  const products = await pool.query(
    `SELECT p.id, p.name, p.stock, (SELECT count(*)::int FROM "Spin" s WHERE s."productId" = p.id) AS wins FROM "Product" p WHERE p."companyId" = $1 ORDER BY p.name`,
    [companyId],
  );
  products.rows.forEach((p, i) => {
    if (p.stock < 0) problems.push(`${p.name}: stock below 0 (${p.stock})`);
    if (STOCKS[i] - p.stock !== p.wins)
      problems.push(`${p.name}: ${p.wins} wins but stock fell by ${STOCKS[i] - p.stock}`);
  });
  const incomplete = await pool.query(
    `SELECT count(*)::int AS n FROM "Spin" WHERE "companyId" = $1 AND (("customerName" = '') OR whatsapp = '' OR "consentAt" IS NULL OR (won AND ("productId" IS NULL OR "redemptionCode" IS NULL)))`,
    [companyId],
  );
  if (incomplete.rows[0].n) problems.push(`${incomplete.rows[0].n} spins without their lead data`);
  const counts = await pool.query(
    `SELECT w."spinCount" AS kept, (SELECT count(*)::int FROM "Spin" s WHERE s."wheelId" = w.id) AS actual FROM "Wheel" w WHERE w.id = $1`,
    [wheelId],
  );
  if (counts.rows[0].kept !== counts.rows[0].actual)
    problems.push(`wheel spinCount ${counts.rows[0].kept} != ${counts.rows[0].actual} spins`);
  const codes = await pool.query(
    `SELECT
       (SELECT count(*)::int FROM "ProductCode" c LEFT JOIN "Spin" s ON s.id = c."spinId"
         WHERE c."companyId" = $1 AND c.status = 'assigned'
           AND (s.id IS NULL OR s."redemptionCode" <> c.code OR s."productId" <> c."productId")) AS orphans,
       (SELECT count(*)::int FROM "ProductCode" c WHERE c."companyId" = $1 AND c.status = 'available'
         AND (c."spinId" IS NOT NULL OR EXISTS (SELECT 1 FROM "Spin" s WHERE s."companyId" = $1 AND s."redemptionCode" = c.code))) AS leaked,
       (SELECT count(*)::int FROM (SELECT c."spinId" FROM "ProductCode" c WHERE c."companyId" = $1 AND c."spinId" IS NOT NULL
         GROUP BY c."spinId" HAVING count(*) > 1) x) AS doubled,
       (SELECT count(*)::int FROM "Spin" s JOIN "Product" p ON p.id = s."productId" AND p."codeSource" = 'pool'
         WHERE s."companyId" = $1 AND NOT EXISTS (SELECT 1 FROM "ProductCode" c WHERE c."spinId" = s.id)) AS codeless,
       (SELECT count(*)::int FROM "ProductCode" c WHERE c."companyId" = $1 AND c.status = 'assigned') AS assigned,
       (SELECT count(*)::int FROM "ProductCode" c WHERE c."companyId" = $1 AND c.status = 'available') AS available,
       (SELECT stock FROM "Product" WHERE "companyId" = $1 AND "codeSource" = 'pool') AS stock`,
    [companyId],
  );
  const k = codes.rows[0];
  if (k.orphans) problems.push(`${k.orphans} codes assigned to no spin, or to a spin with another code or prize`);
  if (k.leaked) problems.push(`${k.leaked} available codes already given to a spin`);
  if (k.doubled) problems.push(`${k.doubled} spins holding more than one code`);
  if (k.codeless) problems.push(`${k.codeless} pool wins without their code`);
  if (k.stock !== k.available) problems.push(`pool stock ${k.stock} != ${k.available} available codes`);
  if (k.assigned + k.available !== STOCKS[POOL])
    problems.push(`pool codes ${k.assigned + k.available} != ${STOCKS[POOL]}`);
  console.log(
    `   pool codes: ${k.assigned} assigned (each to one existing spin, with its code), ${k.available} available = stock ${k.stock}`,
  );
  return { products: products.rows.map((p) => ({ name: p.name, stock: p.stock, wins: p.wins })), problems };
}

/** A TCP relay to Postgres that can be cut and restored, to simulate the database going away. */
function relay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const open = (port: number) =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const close = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on("error", close);
        upstream.on("error", close);
      });
      server.listen(port, "127.0.0.1", () => resolve());
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  return { open, cut };
}

async function main() {
  const dbUrl = await createDatabase("fault");
  const pool = new pg.Pool({ connectionString: dbUrl });
  // The final DROP DATABASE ... WITH (FORCE) ends any connection left open: not an error of the test.
  pool.on("error", () => {});
  let failed = false;
  try {
    await migrate(poolExecutor(pool));
    const { companyId, wheelId } = await seed(pool);
    const env = { DATABASE_URL: dbUrl, TRUST_PROXY: "true", NEXTAUTH_SECRET: "fault-test-secret-0123456789" };

    const total = STOCKS.reduce((a, b) => a + b, 0);
    console.log(`1. spin load (stock ${total}), then kill -9 the server once ${KILL_AFTER_WINS} wins are answered`);
    // BENCH_PORT pins the ports (it and the next one) on machines where each engineer owns a range.
    const pinned = Number(process.env.BENCH_PORT) || 0;
    const port = pinned || (await freePort());
    const first = await startApp(env, port);
    // Warm up (first requests load modules and open the pool) so the kill lands mid-load.
    let warmWins = 0;
    for (let i = 0; i < 5; i++) if ((await spin(first.url)) === 201) warmWins++;
    // Filled by the load's callback when it kills (an object: TypeScript does not follow the callback).
    const kill: { figures: Promise<{ stock: number; wins: number }> | null; answered: number } = {
      figures: null,
      answered: 0,
    };
    const before = await load(first.url, 20_000, ({ wins }) => {
      if (kill.figures || wins < KILL_AFTER_WINS) return false;
      first.child.kill("SIGKILL");
      kill.answered = wins + warmWins;
      kill.figures = figures(pool, companyId); // read at once: stock only falls, wins only rise
      return true;
    });
    console.log("   statuses before/at the kill:", before);
    const killed = kill.figures ? await kill.figures : null;
    const answered = (before["201"] ?? 0) + warmWins; // with the in-flight ones answered just before it died
    if (!killed) {
      failed = true;
      console.log(`   NO KILL: fewer than ${KILL_AFTER_WINS} wins answered in 20 s`);
    } else {
      console.log(
        `   at the kill: stock remaining ${killed.stock} of ${total}; wins answered when it was sent ${kill.answered}, ` +
          `in all ${answered}; wins recorded ${killed.wins} (${killed.wins - answered} recorded but unanswered: in flight when it died)`,
      );
      if (killed.stock <= 0) {
        failed = true;
        console.log("   THE KILL CAME TOO LATE: no stock remained, so no win could be cut short");
      }
    }

    const second = await startApp(env, port);
    console.log("   after restart:", await load(second.url, 1500));
    const after = await figures(pool, companyId);
    const winsAfter = after.wins - (killed?.wins ?? 0);
    console.log(
      `   wins recorded since the read at the kill: ${winsAfter} (a commit in flight may land after that read); stock remaining ${after.stock}`,
    );
    if (winsAfter <= 0) {
      failed = true;
      console.log("   NO WIN AFTER THE RESTART");
    }
    const inv = await invariants(pool, companyId, wheelId);
    console.log("   products:", inv.products);
    if (inv.problems.length) {
      failed = true;
      console.log("   INVARIANT VIOLATIONS:", inv.problems);
    } else
      console.log(
        "   invariants hold: every win took stock exactly once, no stock below 0, no partial lead, no code assigned twice or to a missing spin",
      );
    await second.stop();

    console.log("2. Postgres unavailable through a relay, then back");
    const pgUrl = new URL(dbUrl);
    const relayPort = pinned ? pinned + 1 : await freePort();
    const r = relay({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
    await r.open(relayPort);
    const viaRelay = new URL(dbUrl);
    viaRelay.port = String(relayPort);
    const third = await startApp({ ...env, DATABASE_URL: viaRelay.toString() });
    const okBefore = await fetch(`${third.url}/api/public/falhas/wheels/roleta`).then((x) => x.status);
    await r.cut();
    const down = await fetch(`${third.url}/api/public/falhas/wheels/roleta`);
    const downBody = await down.json().catch(() => ({}));
    console.log(`   before cut: ${okBefore}; during outage: ${down.status} ${JSON.stringify(downBody)}`);
    await r.open(relayPort);
    let recovered = 0;
    for (let i = 0; i < 20 && recovered !== 200; i++) {
      recovered = await fetch(`${third.url}/api/public/falhas/wheels/roleta`).then((x) => x.status);
      if (recovered !== 200) await new Promise((res) => setTimeout(res, 500));
    }
    console.log(`   after restore (no restart): ${recovered}`);
    if (down.status !== 503 || typeof downBody.error !== "string" || recovered !== 200) failed = true;
    await third.stop();
    await r.cut();
  } finally {
    await pool.end();
    await dropDatabase(dbUrl);
  }
  console.log(failed ? "FAULT TEST FAILED" : "FAULT TEST PASSED");
  process.exit(failed ? 1 : 0);
}

void main();
