// A shop's online store (docs/api.md "Stores (issue 26)"), shared by the Lojas screen and the API.
import { z } from "./z";

export const STORE_MESSAGES = {
  platform: "Plataforma inválida",
  name: "Nome é obrigatório",
  url: "Endereço da loja inválido: use o endereço completo, como https://www.minhaloja.com.br",
  credential: "Preencha as credenciais da loja",
  shopifyUrl: "Use o endereço .myshopify.com da loja, como https://minhaloja.myshopify.com",
  https: "Use o endereço https:// da loja, como https://minhaloja.com.br",
  unreachable: "Não foi possível falar com a loja. Confira o endereço e tente de novo.",
  auth: "A loja recusou as credenciais. Confira o token e as permissões.",
  // Woo has a key and a secret, not a token (issue 38).
  authWoo:
    "A loja recusou as credenciais. Confira a chave (ck_...) e o segredo (cs_...) e se a chave tem permissão de leitura e escrita.",
  notFound: "Loja não encontrada",
  hasCoupons: (n: number, reason?: string) =>
    `Esta loja ainda tem ${n} ${n === 1 ? "cupom não usado" : "cupons não usados"} da roleta. ` +
    (reason
      ? `Não conseguimos excluí-los agora (${reason}); vamos tentar de novo. Remova a loja depois.`
      : "Estamos excluindo-os da loja; tente remover de novo em alguns minutos."),
} as const;

const m = STORE_MESSAGES;
const secret = z.string({ error: m.credential }).trim().min(1, m.credential).max(500, m.credential);
const httpsUrl = z
  .string({ error: m.url })
  .trim()
  .max(2048, m.url)
  .pipe(z.url({ protocol: /^https?$/, error: m.url }))
  // The API's paths are appended to it: a query, a fragment or a user name would splice them.
  .refine((s) => {
    // Zod runs this even after the pipe's refusal: an unparsable text is simply not an address.
    if (!URL.canParse(s)) return false;
    const u = new URL(s);
    return !u.search && !u.hash && !s.includes("?") && !s.includes("#") && !u.username && !u.password;
  }, m.url)
  .transform((s) => s.replace(/\/+$/, ""));

/** A store's address as the paste takes it (WooCommerce's install starts from it too). */
export const storeUrlInput = httpsUrl;

const base = { name: z.string({ error: m.name }).trim().min(1, m.name).max(100, m.name), store_url: httpsUrl };

export const storeInput = z.discriminatedUnion(
  "platform",
  [
    z.object({
      ...base,
      platform: z.literal("nuvemshop"),
      credentials: z.object({
        store_id: z
          .string()
          .trim()
          .regex(/^\d{1,20}$/, m.credential),
        user_id: secret,
        access_token: secret,
      }),
    }),
    z.object({
      ...base,
      platform: z.literal("shopify"),
      store_url: httpsUrl.refine((u) => /^https:\/\/[a-z0-9][a-z0-9-]*\.myshopify\.com$/i.test(u), m.shopifyUrl),
      // webhook_secret: the custom app's API secret key, which signs its order webhooks (optional:
      // without it Shopify's order webhooks answer 401).
      credentials: z.object({ access_token: secret, webhook_secret: secret.optional() }),
    }),
    z.object({
      ...base,
      platform: z.literal("woocommerce"),
      credentials: z.object({ consumer_key: secret, consumer_secret: secret }),
    }),
  ],
  { error: m.platform },
);

export type StoreInput = z.infer<typeof storeInput>;

/** What a Nuvemshop store's installed script shows: a wheel, an experiment, or nothing (both null). */
export const storefrontInput = z
  .object({
    wheel_id: z.uuid({ error: "Roleta inválida" }).nullable().default(null),
    experiment_id: z.uuid({ error: "Teste inválido" }).nullable().default(null),
  })
  .refine((v) => !(v.wheel_id && v.experiment_id), {
    message: "Escolha uma roleta ou um teste, não os dois",
    path: ["experiment_id"],
  });
export type StorefrontInput = z.infer<typeof storefrontInput>;
