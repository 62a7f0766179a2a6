// A shop that embeds the loader, for the embed specs (embed, embed-cart, embed-storage-blocked): its
// own small server on another origin than the app, its page with the snippet, and an owner whose
// active wheel of one prize the snippet names.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type APIRequestContext } from "@playwright/test";

/** A shop's page: `body` in a plain pt-BR document with a phone-ready viewport (`viewport`: more of it). */
export const shopPage = (title: string, body: string, viewport = "") =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1${viewport}"></head>
<body>${body}
</body></html>`;

/** The snippet: the loader's script tag naming the company and wheel, with the extra data-* `attrs`. */
export const loaderTag = (app: { appOrigin: string; company: string; wheel: string }, attrs = "") =>
  `<script async src="${app.appOrigin}/embed.js" data-company="${app.company}" data-wheel="${app.wheel}"${attrs && ` ${attrs.trim()}`}></script>`;

/** A script that records the loader's roleta:<name> events in window.__events as {type, detail}. */
export const eventsRecorder = (names: string[]) =>
  `<script>window.__events=[];for(const n of ${JSON.stringify(names)})
addEventListener("roleta:"+n,e=>window.__events.push({type:n,detail:e.detail}));</script>`;

/**
 * The shop's server on `host`: each request's page is `page(url)` (a 200 HTML answer), unless `page`
 * answered on `res` itself and returned nothing. On `port` when given, or on a free one when that is
 * taken (or none is given). Resolves with the server and its origin.
 */
export function serveShop(
  page: (url: URL, res: http.ServerResponse) => string | void,
  host: "localhost" | "127.0.0.1",
  port = 0,
): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer((req, res) => {
    const html = page(new URL(req.url ?? "/", "http://shop"), res);
    if (html === undefined) return;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  return new Promise((resolve, reject) => {
    server.once("error", (err: NodeJS.ErrnoException) =>
      err.code === "EADDRINUSE" && port ? serveShop(page, host).then(resolve, reject) : reject(err),
    );
    server.listen(port, host, () =>
      resolve({ server, origin: `http://${host}:${(server.address() as AddressInfo).port}` }),
    );
  });
}

export const closeShop = (server: http.Server | undefined) => new Promise((r) => (server ? server.close(r) : r(0)));

/** The owner's admin API with a bearer token; fails the test with the server's answer when it is not 2xx. */
export async function ownerApi(
  request: APIRequestContext,
  token: string,
  method: string,
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(path, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

export interface PrizeWheel {
  /** The wheel's name and slug, and any other field of its creation (it is created active). */
  wheel: { name: string; slug: string } & Record<string, unknown>;
  /** Its one prize (weight 1). */
  prize: { name: string; description: string; stock: number };
  /** What is then set on the wheel with PUT (embed_origins, coupon_url...). */
  settings?: Record<string, unknown>;
}

/** An active wheel of one prize for the owner of `token`; returns the wheel's and the prize's ids. */
export async function prizeWheel(request: APIRequestContext, token: string, w: PrizeWheel) {
  const { product } = await ownerApi(request, token, "POST", "/api/products", { ...w.prize, weight: 1 });
  const { wheel } = await ownerApi(request, token, "POST", "/api/wheels", { ...w.wheel, status: "active" });
  await ownerApi(request, token, "POST", `/api/wheels/${wheel.id}/products`, {
    products: [{ product_id: product.id, odds_weight: 1 }],
  });
  if (w.settings) await ownerApi(request, token, "PUT", `/api/wheels/${wheel.id}`, w.settings);
  return { wheelId: wheel.id as string, productId: product.id as string };
}

/** Signs a company up (its owner's e-mail `${who}-<now>@teste.com.br`) and gives it the shop's wheel. */
export async function embedWheel(request: APIRequestContext, s: PrizeWheel & { companyName: string; who: string }) {
  const signup = await request.post("/api/auth/signup", {
    data: {
      companyName: s.companyName,
      name: "Dona da Loja",
      email: `${s.who}-${Date.now()}@teste.com.br`,
      password: "senha-e2e-123",
    },
  });
  expect(signup.status()).toBe(201);
  const { token, company } = (await signup.json()) as { token: string; company: { slug: string } };
  return { token, company: company.slug, ...(await prizeWheel(request, token, s)) };
}
