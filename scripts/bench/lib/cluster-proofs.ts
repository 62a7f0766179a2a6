// The proofs of npm run test:cluster (scripts/bench/test-cluster.ts). Each prints its figures and says
// pass or fail; the figures that would differ with per-instance state are printed beside them.
import type pg from "pg";
import type { Proc } from "./cluster-infra";
import { getJson, login, spin, tally, type Answer } from "./cluster-client";

export interface Instance {
  url: string;
  proc: Proc;
  /** host:port as the balancer names it in X-Upstream. */
  addr: string;
}

export interface Cluster {
  lb: string;
  a: Instance;
  b: Instance;
  /** A direct connection to the database (not through pgbouncer), for the checks. */
  direct: pg.Pool;
  companyId: string;
  wheels: Record<string, { id: string; productId: string; stock: number }>;
}

export interface Proof {
  name: string;
  pass: boolean;
}

const j = (v: unknown) => JSON.stringify(v);
const isFailure = (a: Answer) => a.status === 0 || a.status >= 500 || a.cut;
/** A spin the visitor saw won: the status and the body with its code. */
const isWin = (a: Answer) => a.status === 201 && !a.cut;
const statusOf = (a: Answer) => (a.cut ? `${a.status} body cut` : String(a.status));

async function wheelFigures(c: Cluster, slug: string) {
  const w = c.wheels[slug];
  const { rows } = await c.direct.query(
    `SELECT (SELECT stock FROM "Product" WHERE id = $2) AS stock,
            (SELECT "spinCount" FROM "Wheel" WHERE id = $1) AS "spinCount",
            count(*)::int AS rows, count(*) FILTER (WHERE won)::int AS won,
            count(DISTINCT "redemptionCode") FILTER (WHERE won)::int AS codes
     FROM "Spin" WHERE "wheelId" = $1`,
    [w.id, w.productId],
  );
  return rows[0] as { stock: number; spinCount: number; rows: number; won: number; codes: number };
}

/** 300 simultaneous spins through the balancer on stock 100: exactly 100 wins. */
export async function proveStock(c: Cluster): Promise<Proof> {
  const STOCK = c.wheels["cluster-300"].stock;
  console.log(`\n-- 300 simultaneous spins through the balancer, stock ${STOCK} (distinct WhatsApp numbers)`);
  const answers = await Promise.all(Array.from({ length: 300 }, () => spin(c.lb, "cluster-300")));
  const wins = answers.filter(isWin);
  const codes = new Set(wins.map((a) => a.code));
  const db = await wheelFigures(c, "cluster-300");
  const matched = await c.direct.query(
    `SELECT count(*)::int AS n FROM "Spin" WHERE "wheelId" = $1 AND won AND ("whatsapp", "redemptionCode") IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
    [c.wheels["cluster-300"].id, wins.map((a) => a.whatsapp), wins.map((a) => a.code)],
  );
  console.log(`   answers by status: ${j(tally(answers, statusOf))}`);
  console.log(`   answers by instance: ${j(tally(answers, (a) => a.upstream))}`);
  console.log(
    `   wins answered ${wins.length}, distinct codes answered ${codes.size}; database: stock ${db.stock}, ` +
      `${db.won} won spins, ${db.codes} distinct codes, ${db.rows} rows, spinCount ${db.spinCount}, ` +
      `answered wins found with their WhatsApp and code ${matched.rows[0].n}`,
  );
  const both = Object.keys(tally(answers, (a) => a.upstream)).length === 2;
  const pass =
    wins.length === STOCK &&
    codes.size === STOCK &&
    db.stock === 0 &&
    db.won === STOCK &&
    db.codes === STOCK &&
    db.rows === STOCK &&
    db.spinCount === STOCK &&
    matched.rows[0].n === STOCK &&
    !answers.some(isFailure) &&
    both;
  return { name: `300 simultaneous spins on stock ${STOCK} give exactly ${STOCK} wins`, pass };
}

/** Failed logins of one account alternating over both instances meet one limit (10, then 429). */
export async function proveFailedLogins(c: Cluster): Promise<Proof> {
  const LIMIT = 10;
  const ATTEMPTS = 2 * LIMIT + 4;
  console.log(`\n-- ${ATTEMPTS} failed logins of one account through the balancer (a new address each)`);
  const answers = [];
  for (let i = 1; i <= ATTEMPTS; i++)
    answers.push(await login(c.lb, "membro@demo.com.br", "senha-errada", `172.16.${i >> 8}.${i & 255}`));
  const refusedAt = answers.findIndex((a) => a.status === 429) + 1;
  const byInstance = tally(answers, (a) => `${a.upstream} ${a.status}`);
  console.log(`   statuses in order: ${answers.map((a) => a.status).join(" ")}`);
  console.log(`   by instance and status: ${j(byInstance)}`);
  console.log(
    `   401 answers: ${answers.filter((a) => a.status === 401).length} (one shared limit: ${LIMIT}; ` +
      `a limit per instance would answer ${2 * LIMIT}); first 429 at attempt ${refusedAt}`,
  );
  const pass =
    answers.slice(0, LIMIT).every((a) => a.status === 401) &&
    answers.slice(LIMIT).every((a) => a.status === 429) &&
    new Set(answers.slice(0, LIMIT).map((a) => a.upstream)).size === 2 &&
    new Set(answers.slice(LIMIT).map((a) => a.upstream)).size === 2;
  return { name: "failed logins over both instances meet one limit", pass };
}

interface Figures {
  leads: number;
  dashboard: number;
}

async function readFigures(i: Instance, token: string, wheelId: string): Promise<Figures> {
  const [leads, dash] = await Promise.all([
    getJson<{ stats: { total_leads: number } }>(`${i.url}/api/wheels/spins/all?wheel_id=${wheelId}&limit=1`, token),
    getJson<{ totalSpins: number }>(`${i.url}/api/dashboard`, token),
  ]);
  return { leads: leads.stats.total_leads, dashboard: dash.totalSpins };
}

/** A spin on one instance, then at once the lead stats and dashboard on the other: exact. */
export async function proveReadAfterWrite(c: Cluster): Promise<Proof> {
  const ROUNDS = 8;
  console.log(`\n-- read-after-write: ${ROUNDS} spins on one instance, each read at once on the other (direct ports)`);
  const wheelId = c.wheels.leitura.id;
  const tokens = new Map<Instance, string>();
  for (const i of [c.a, c.b]) {
    const r = await login(i.url, "dono@demo.com.br", "demo1234", `192.168.7.${tokens.size + 1}`);
    if (!r.token) throw new Error(`owner login on ${i.addr}: ${r.status}`);
    tokens.set(i, r.token);
  }
  const truth = async (): Promise<Figures> => {
    const { rows } = await c.direct.query(
      `SELECT count(*) FILTER (WHERE "wheelId" = $2)::int AS leads, count(*)::int AS dashboard FROM "Spin" WHERE "companyId" = $1`,
      [c.companyId, wheelId],
    );
    return rows[0];
  };
  // Both instances read first, so a per-instance cache would hold a figure to go stale.
  for (const i of [c.a, c.b]) await readFigures(i, tokens.get(i)!, wheelId);
  let mismatches = 0;
  let spinsOk = 0;
  const seen: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const [writer, reader] = round % 2 ? [c.a, c.b] : [c.b, c.a];
    const s = await spin(writer.url, "leitura");
    if (isWin(s)) spinsOk++;
    const got = await readFigures(reader, tokens.get(reader)!, wheelId);
    const want = await truth();
    if (got.leads !== want.leads || got.dashboard !== want.dashboard) mismatches++;
    seen.push(
      `${writer === c.a ? "A>B" : "B>A"} leads ${got.leads}/${want.leads} spins ${got.dashboard}/${want.dashboard}`,
    );
  }
  console.log(`   (read on the other instance / database) ${seen.join("; ")}`);
  console.log(`   spins answered 201: ${spinsOk}/${ROUNDS}; stale or wrong figures: ${mismatches}`);
  return {
    name: "figures read on one instance right after writes on the other are exact",
    pass: mismatches === 0 && spinsOk === ROUNDS,
  };
}

/** kill -9 of instance B under spin load through the balancer, while stock remains. */
export async function proveKill(c: Cluster): Promise<Proof> {
  const WORKERS = 24;
  const KILL_AFTER_WINS = 120;
  // The load goes on this long after the kill (or until the stock is gone), past GRACE_MS.
  const MAX_AFTER_KILL_MS = 3000;
  // A POST already written to B's pooled connection when it died gets a 502 (nginx never passes
  // a sent POST on: its outcome is unknown). Past this grace, the balancer must route around B.
  const GRACE_MS = 1000;
  const { stock: STOCK, productId } = c.wheels.queda;
  console.log(
    `\n-- kill -9 of instance B after ${KILL_AFTER_WINS} wins, ${WORKERS} visitors spinning through the balancer, stock ${STOCK}`,
  );
  const answers: Answer[] = [];
  let wins = 0;
  let killAt = 0;
  let stockAtKill: Promise<number> | null = null;
  let stop = false;
  const giveUpAt = Date.now() + 60_000; // no kill by then: the proof fails (atKill stays -1)
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (!stop) {
        const a = await spin(c.lb, "queda");
        answers.push(a);
        if (isWin(a)) wins++;
        if (!killAt && wins >= KILL_AFTER_WINS) {
          killAt = Date.now();
          c.b.proc.child.kill("SIGKILL");
          // Stock only falls: read at once, it bounds the stock at the kill from below.
          stockAtKill = c.direct
            .query(`SELECT stock FROM "Product" WHERE id = $1`, [productId])
            .then((r) => r.rows[0].stock as number);
        }
        if (a.status === 410 || (killAt && Date.now() - killAt > MAX_AFTER_KILL_MS)) stop = true;
        if (!killAt && Date.now() > giveUpAt) stop = true;
      }
    }),
  );
  const atKill = await (stockAtKill ?? Promise.resolve(-1));
  const before = answers.filter((a) => killAt && a.answeredAt < killAt);
  const inFlight = answers.filter((a) => a.sentAt < killAt && a.answeredAt >= killAt);
  const after = answers.filter((a) => a.sentAt >= killAt);
  const winsAfter = after.filter(isWin);
  const db = await wheelFigures(c, "queda");
  const { rows } = await c.direct.query(`SELECT whatsapp, "redemptionCode" AS code FROM "Spin" WHERE "wheelId" = $1`, [
    c.wheels.queda.id,
  ]);
  const rowByWhatsapp = new Map(rows.map((r) => [r.whatsapp as string, r.code as string | null]));
  const answerByWhatsapp = new Map(answers.map((a) => [a.whatsapp, a]));
  const lost = answers.filter((a) => isWin(a) && rowByWhatsapp.get(a.whatsapp) !== a.code);
  const unanswered = rows.filter((r) => !isWin(answerByWhatsapp.get(r.whatsapp) ?? ({} as Answer)));
  const unexplained = unanswered.filter((r) => {
    const a = answerByWhatsapp.get(r.whatsapp);
    return !a || !isFailure(a);
  });
  const failures = answers.filter(isFailure);
  const settled = answers.filter((a) => a.sentAt >= killAt + GRACE_MS);
  await c.b.proc.stop(); // already dead: resolves once Node has seen its exit
  const bDead = c.b.proc.child.signalCode === "SIGKILL";
  console.log(
    `   answers before the kill ${j(tally(before, statusOf))}; in flight at the kill ${j(tally(inFlight, statusOf))}; ` +
      `sent after ${j(tally(after, statusOf))}`,
  );
  console.log(
    `   stock at the kill >= ${atKill} (of ${STOCK}); wins answered before the kill ${before.filter(isWin).length}, ` +
      `wins sent and answered after it ${winsAfter.length}; after the kill answered by ${j(tally(after, (a) => a.upstream))}; B killed: ${bDead}`,
  );
  console.log(
    `   failed answers (502, reset or body cut), sent at ms from the kill: ${j(failures.map((a) => a.sentAt - killAt))}; ` +
      `sent ${GRACE_MS} ms or more after the kill: ${j(tally(settled, (a) => `${a.upstream} ${statusOf(a)}`))}`,
  );
  console.log(
    `   database: ${db.rows} spins (${db.won} won), stock ${db.stock}, stock taken ${STOCK - db.stock}, spinCount ${db.spinCount}; ` +
      `201 answers ${answers.filter(isWin).length}, of them without their row: ${lost.length}; ` +
      `rows without a 201 answer: ${unanswered.length} (requests that failed at the kill: ${failures.length}; unexplained: ${unexplained.length})`,
  );
  // What broke, when something did (printed only then).
  const badSettled = settled.filter((a) => a.upstream !== c.a.addr || isFailure(a));
  for (const a of [...lost, ...badSettled].slice(0, 10))
    console.log(`   ! answer ${j({ ...a, sentAt: a.sentAt - killAt })}`);
  for (const r of unexplained.slice(0, 10)) console.log(`   ! row without an explaining answer ${j(r)}`);
  const pass =
    bDead &&
    atKill > 0 &&
    winsAfter.length > 0 &&
    settled.length > 0 &&
    settled.every((a) => a.upstream === c.a.addr && !isFailure(a)) &&
    lost.length === 0 &&
    unexplained.length === 0 &&
    STOCK - db.stock === db.won &&
    db.spinCount === db.rows &&
    db.codes === db.won;
  return { name: "kill -9 of one instance mid-load loses nothing, the other keeps serving", pass };
}
