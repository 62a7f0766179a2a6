// HTTP client side of npm run test:cluster: visitors spinning (each a new WhatsApp and address),
// logins, and admin reads, recording who answered. Scripts only.

export const COMPANY_SLUG = "loja-demo"; // the demo company of lib/demo/seed.ts

export interface Answer {
  n: number;
  whatsapp: string;
  status: number; // 0: no HTTP answer (connection reset)
  /** The status came but the body did not (the instance died while answering): a failed request. */
  cut: boolean;
  code: string | null;
  /** The instance that answered (the balancer's X-Upstream: its last entry). */
  upstream: string | null;
  sentAt: number;
  answeredAt: number;
}

let visitor = 0;

/** A distinct address per visitor, so the per-address spin limit never refuses one. */
export const visitorIp = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** One spin by a new visitor (new WhatsApp number, new address). */
export async function spin(base: string, wheelSlug: string): Promise<Answer> {
  const n = ++visitor;
  const digits = `119${String(n).padStart(8, "0")}`;
  const sentAt = Date.now();
  const answer: Answer = {
    n,
    whatsapp: `+55${digits}`,
    status: 0,
    cut: false,
    code: null,
    upstream: null,
    sentAt,
    answeredAt: 0,
  };
  try {
    const res = await fetch(`${base}/api/public/${COMPANY_SLUG}/wheels/${wheelSlug}/spin`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": visitorIp(n) },
      body: JSON.stringify({ name: `Visitante ${n}`, whatsapp: digits, consent: true }),
    });
    const body = (await res.json().catch(() => null)) as { redemption_code?: string } | null;
    answer.status = res.status;
    answer.cut = body === null && res.status < 500; // the balancer's own 502 page is not JSON
    answer.code = body?.redemption_code ?? null;
    answer.upstream = res.headers.get("x-upstream")?.split(",").at(-1)?.trim() ?? null;
  } catch {
    /* status 0 */
  }
  answer.answeredAt = Date.now();
  return answer;
}

export async function login(base: string, email: string, password: string, ip: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json().catch(() => ({}))) as { token?: string };
  return { status: res.status, token: body.token ?? null, upstream: res.headers.get("x-upstream") };
}

export async function getJson<T>(url: string, token: string): Promise<T> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Counts of a list by a key, e.g. answers by status. */
export function tally<T>(items: T[], key: (item: T) => string | number | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const it of items) {
    const k = String(key(it));
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}
