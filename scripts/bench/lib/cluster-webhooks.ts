// The webhook side of npm run test:cluster: a local receiver that verifies every message's
// Standard Webhooks signature and knows which instance sent it, the endpoint subscribed through
// the API before the spin load, and the proof that the outbox workers of both instances (through
// pgbouncer) delivered each lead.created message once. Scripts only.
//
// Which instance sent a request: the worker's HTTP client carries nothing that names its process,
// so the receiver looks its connection up in Linux's /proc: the client socket (local port = the
// connection's remote port) is found in /proc/net/tcp, and its inode among the file descriptors of
// each instance's process tree. Where /proc is missing, the sub-claim is skipped and said so.
import { existsSync } from "node:fs";
import { readdir, readFile, readlink } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import { Webhook } from "standardwebhooks";
import { login, tally } from "./cluster-client";
import type { Cluster, Proof } from "./cluster-proofs";

const j = (v: unknown) => JSON.stringify(v);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Received {
  id: string;
  /** The signature verified with the endpoint's secret (and the timestamp within tolerance). */
  valid: boolean;
  type: string | null;
  /** data.id of a lead.created message: the spin's id. */
  spinId: string | null;
  /** The instance whose process owned the connection ("a", "b"), or null when not found. */
  sender: string | null;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The endpoint's signing secret, set once it is created. */
  secret: string | null;
  endpointId: string | null;
  close: () => Promise<void>;
}

const canAttribute = existsSync("/proc/net/tcp");

/** The socket inodes of the TCP connections whose local port is `localPort` to `remotePort`. */
async function socketInodes(localPort: number, remotePort: number): Promise<Set<string>> {
  const out = new Set<string>();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    const text = await readFile(file, "utf8").catch(() => "");
    for (const line of text.split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      const lp = parseInt(f[1].split(":")[1], 16);
      const rp = parseInt(f[2].split(":")[1], 16);
      if (lp === localPort && rp === remotePort) out.add(f[9]);
    }
  }
  return out;
}

/** The pid and all its descendants (`next start` may serve from a child process). */
async function processTree(root: number): Promise<number[]> {
  const parents = new Map<number, number[]>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    // "pid (comm) state ppid ...": comm may hold spaces, so read after its closing parenthesis.
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (!ppid) continue;
    parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]) ?? []));
  return tree;
}

async function ownsInode(pids: number[], inodes: Set<string>): Promise<boolean> {
  for (const pid of pids) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
      const m = /^socket:\[(\d+)\]$/.exec(target);
      if (m && inodes.has(m[1])) return true;
    }
  }
  return false;
}

/**
 * Starts the receiver on 127.0.0.1:port. It answers 200 to every POST once it has noted the
 * message; `instances` names the root pid of each instance for the attribution.
 */
export async function startReceiver(port: number, instances: () => Record<string, number | undefined>) {
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}/webhooks`,
    received: [],
    secret: null,
    endpointId: null,
    close: async () => undefined,
  };
  // The sender of each connection, looked up while it is open (before its first answer).
  const senders = new WeakMap<Socket, Promise<string | null>>();
  // Each instance's process tree, read once (at the first connection, when both are serving).
  const trees = new Map<number, Promise<number[]>>();
  const treeOf = (pid: number) => trees.get(pid) ?? trees.set(pid, processTree(pid)).get(pid)!;
  const attribute = async (socket: Socket): Promise<string | null> => {
    if (!canAttribute || !socket.remotePort) return null;
    const inodes = await socketInodes(socket.remotePort, port);
    if (!inodes.size) return null;
    for (const [name, pid] of Object.entries(instances())) {
      if (pid && (await ownsInode(await treeOf(pid), inodes))) return name;
    }
    return null;
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let valid = false;
      try {
        if (receiver.secret) {
          new Webhook(receiver.secret).verify(body, req.headers as Record<string, string>);
          valid = true;
        }
      } catch {
        /* valid stays false */
      }
      let parsed: { type?: string; data?: { id?: string } } = {};
      try {
        parsed = JSON.parse(body);
      } catch {
        /* not JSON: type and spinId stay null */
      }
      const sender = (await senders.get(req.socket)?.catch(() => null)) ?? null;
      receiver.received.push({
        id: String(req.headers["webhook-id"] ?? ""),
        valid,
        type: parsed.type ?? null,
        spinId: parsed.data?.id ?? null,
        sender,
      });
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  server.on("connection", (socket: Socket) => senders.set(socket, attribute(socket)));
  // Longer than the senders' idle keep-alive (Node's agent: 5 s), so the sender always closes an
  // idle connection first: with equal timeouts a message sent just as the receiver closes one
  // fails (ECONNRESET) and is retried 5 s later, a second attempt that is nobody's double send.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** Through instance A's API as the demo owner: an endpoint on lead.created pointing at the receiver. */
export async function subscribe(c: Cluster, receiver: Receiver) {
  const auth = await login(c.a.url, "dono@demo.com.br", "demo1234", "192.168.8.1");
  if (!auth.token) throw new Error(`owner login on ${c.a.addr}: ${auth.status}`);
  const res = await fetch(`${c.a.url}/api/integrations/webhooks`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${auth.token}` },
    body: JSON.stringify({ url: receiver.url, events: ["lead.created"], description: "test:cluster receiver" }),
  });
  const body = (await res.json().catch(() => ({}))) as { endpoint?: { id: string }; secret?: string };
  if (res.status !== 201 || !body.secret || !body.endpoint)
    throw new Error(`creating the webhook endpoint: ${res.status} ${j(body)}`);
  receiver.secret = body.secret;
  receiver.endpointId = body.endpoint.id;
  return auth.token;
}

/** Turns the endpoint off through the API (the kill proof then runs without webhook traffic). */
export async function unsubscribe(c: Cluster, receiver: Receiver, token: string) {
  const res = await fetch(`${c.a.url}/api/integrations/webhooks/${receiver.endpointId}`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ enabled: false }),
  });
  if (!res.ok) throw new Error(`turning the webhook endpoint off: ${res.status} ${await res.text()}`);
}

/** Waits until no delivery is pending; returns how long it took, or -1 after `timeoutMs`. */
async function drained(c: Cluster, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const { rows } = await c.direct.query(
      `SELECT count(*)::int AS n FROM "WebhookDelivery" WHERE status = 'pending' AND "companyId" = $1`,
      [c.companyId],
    );
    if (rows[0].n === 0) return Date.now() - started;
    await sleep(100);
  }
  return -1;
}

/**
 * Every spin of the phase (the wheels `slugs`, all spun after the endpoint was created and before
 * any kill) has exactly one lead.created message at the receiver, with a valid signature; no
 * webhook-id arrived twice; both instances' workers sent some; and the database agrees: one
 * delivery per spin, delivered at its first attempt, one WebhookAttempt row per message received.
 * `breakTwice` (CLUSTER_BREAK=webhook-twice) makes a few delivered messages due again in the
 * database once the outbox is drained, as a claim that let two workers take one row would: the
 * workers really send them a second time, and the proof must fail.
 */
export async function proveWebhooksOnce(
  c: Cluster,
  receiver: Receiver,
  opts: { slugs: string[]; timeoutMs: number; breakTwice: boolean },
): Promise<Proof> {
  const wheelIds = opts.slugs.map((s) => c.wheels[s].id);
  const spins = await c.direct.query(`SELECT id FROM "Spin" WHERE "wheelId" = ANY($1::text[])`, [wheelIds]);
  const spinIds = new Set(spins.rows.map((r) => r.id as string));
  console.log(
    `\n-- webhooks: the ${spinIds.size} spins of ${opts.slugs.join(", ")} (made with the endpoint on, before any kill), ` +
      `delivered by the workers of both instances through pgbouncer to a receiver on ${new URL(receiver.url).host}`,
  );
  let drainMs = await drained(c, opts.timeoutMs);
  if (opts.breakTwice && drainMs >= 0) {
    const again = await c.direct.query(
      `UPDATE "WebhookDelivery" SET status = 'pending', "nextAttemptAt" = '2000-01-01'
       WHERE id IN (SELECT id FROM "WebhookDelivery" WHERE "endpointId" = $1 ORDER BY id LIMIT 5)`,
      [receiver.endpointId],
    );
    console.log(
      `   CLUSTER_BREAK=webhook-twice: ${again.rowCount} delivered messages made due again (as if two workers had claimed them)`,
    );
    const more = await drained(c, opts.timeoutMs);
    drainMs = more < 0 ? -1 : drainMs + more;
  }
  const received = [...receiver.received];

  const deliveries = await c.direct.query(
    `SELECT d.id, d."spinId", d.event, d.status, d.attempts, count(a.id)::int AS "attemptRows",
            coalesce(max(a.number), 0)::int AS "lastNumber",
            count(*) FILTER (WHERE a."responseStatus" = 200)::int AS ok
     FROM "WebhookDelivery" d LEFT JOIN "WebhookAttempt" a ON a."deliveryId" = d.id
     WHERE d."endpointId" = $1 GROUP BY d.id`,
    [receiver.endpointId],
  );
  const rows = deliveries.rows as {
    id: string;
    spinId: string | null;
    event: string;
    status: string;
    attempts: number;
    attemptRows: number;
    lastNumber: number;
    ok: number;
  }[];
  const attemptRows = rows.reduce((n, r) => n + r.attemptRows, 0);

  // The receiver's view.
  const byId = tally(received, (r) => r.id);
  const twice = Object.entries(byId).filter(([, n]) => n > 1);
  const invalid = received.filter((r) => !r.valid);
  const leadMessages = received.filter((r) => r.type === "lead.created" && r.spinId);
  const messagesBySpin = tally(leadMessages, (r) => r.spinId);
  const spinsWithOne = [...spinIds].filter((id) => messagesBySpin[id] === 1).length;
  const strangers = leadMessages.filter((r) => !spinIds.has(r.spinId!)).length;
  const bySender = tally(received, (r) => (r.sender ? `instance ${r.sender}` : "unattributed"));

  // The database's view.
  const deliveryBySpin = tally(rows, (r) => r.spinId);
  const spinsWithOneDelivery = [...spinIds].filter((id) => deliveryBySpin[id] === 1).length;
  const receivedIds = new Set(received.map((r) => r.id));
  const sameIds = rows.length === receivedIds.size && rows.every((r) => receivedIds.has(r.id));
  const firstTime = rows.filter(
    (r) => r.status === "delivered" && r.attempts === 1 && r.attemptRows === 1 && r.lastNumber === 1 && r.ok === 1,
  ).length;

  console.log(
    `   outbox empty ${drainMs < 0 ? `still not after ${opts.timeoutMs}` : drainMs} ms after the proofs before it; ` +
      `receiver: ${received.length} requests, ${receivedIds.size} distinct webhook-ids, ids received twice or more: ${twice.length}, ` +
      `invalid signatures: ${invalid.length}; by sender: ${j(bySender)}`,
  );
  console.log(
    `   spins ${spinIds.size}: with exactly one lead.created message ${spinsWithOne}, with exactly one delivery row ${spinsWithOneDelivery}; ` +
      `messages for other spins ${strangers}`,
  );
  console.log(
    `   database: ${rows.length} deliveries (${j(tally(rows, (r) => r.status))}), ${attemptRows} WebhookAttempt rows; ` +
      `delivered at the first attempt with one attempt row (number 1, answered 200): ${firstTime}; ` +
      `delivery ids = webhook-ids received: ${sameIds}`,
  );
  for (const [id, n] of twice.slice(0, 5)) console.log(`   ! ${id} received ${n} times`);

  const bothSent = !canAttribute || (bySender["instance a"] > 0 && bySender["instance b"] > 0);
  if (!canAttribute) console.log("   (no /proc here: which instance sent each message is not checked)");
  const pass =
    drainMs >= 0 &&
    spinIds.size > 0 &&
    received.length === spinIds.size &&
    twice.length === 0 &&
    invalid.length === 0 &&
    spinsWithOne === spinIds.size &&
    strangers === 0 &&
    spinsWithOneDelivery === spinIds.size &&
    rows.length === spinIds.size &&
    rows.every((r) => r.event === "lead.created") &&
    firstTime === rows.length &&
    attemptRows === received.length &&
    sameIds &&
    bothSent;
  return { name: "every spin's webhook reached the receiver exactly once, sent by both instances' workers", pass };
}
