// One call to a marketing tool's API, and what its answer means for us. Klaviyo, Brevo and Mailchimp
// live on their own fixed hosts (or a fake's, from lib/env): plain fetch, no redirects, a timeout.
// ActiveCampaign lives on the account's own URL, which the shop typed: that one goes through the
// store calls' pinned, private-address-checked connection (lib/net/pinned-request.ts), https unless
// WEBHOOK_ALLOW_PRIVATE_HOSTS. Errors are our own words with the status, never the tool's body
// (it can echo the contact or the key).
import "server-only";
import { pinnedRequest, RefusedAddressError } from "@/lib/net/pinned-request";

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 2 * 1024 * 1024;

/** `address`: the account's own URL is not one we call (private, or http). */
export type FailureKind = "auth" | "unreachable" | "not_found" | "rejected" | "throttled" | "server" | "address";

export class MarketingError extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
    /** The tool's Retry-After, in seconds, when it sent one. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "MarketingError";
  }
  /** Worth another try later (network, 429, 5xx); a 4xx fails the same way again. */
  get retryable() {
    return this.kind === "unreachable" || this.kind === "throttled" || this.kind === "server";
  }
}

export interface ToolRequest {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  headers: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** The account's own URL (ActiveCampaign): pinned and checked connection. */
  pinned?: boolean;
  contentType?: string;
}

export interface ToolAnswer {
  status: number;
  body: unknown;
}

function failure(label: string, status: number, retryAfter?: number): MarketingError {
  if (status === 401 || status === 403)
    return new MarketingError(`${label}: chave de API recusada (${status})`, "auth");
  if (status === 404) return new MarketingError(`${label}: lista ou contato não encontrado (404)`, "not_found");
  if (status === 429)
    return new MarketingError(`${label}: limite de envios da ferramenta atingido (429)`, "throttled", retryAfter);
  if (status >= 500) return new MarketingError(`${label}: a ferramenta falhou (${status})`, "server", retryAfter);
  return new MarketingError(`${label}: a ferramenta recusou os dados (${status})`, "rejected");
}

const parse = (text: string) => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};

/** Calls the tool; a 2xx answers its parsed body, anything else throws a MarketingError. `okStatuses`
 *  lists other statuses that are fine for this call (e.g. 404 on an erasure of someone never sent). */
export async function toolCall(label: string, url: string, req: ToolRequest, okStatuses: number[] = []) {
  const headers = {
    accept: "application/json",
    ...(req.json !== undefined && { "content-type": req.contentType ?? "application/json" }),
    ...req.headers,
  };
  const body = req.json === undefined ? undefined : JSON.stringify(req.json);
  let status: number;
  let text: string;
  let retryAfterHeader: string | null | undefined;
  try {
    if (req.pinned) {
      const res = await pinnedRequest(new URL(url), {
        method: req.method ?? "GET",
        headers,
        body,
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_BYTES,
        httpsUnlessPrivate: true,
      });
      status = res.status;
      text = res.body;
      const ra = res.headers["retry-after"];
      retryAfterHeader = Array.isArray(ra) ? ra[0] : ra;
    } else {
      const res = await fetch(url, {
        method: req.method ?? "GET",
        headers,
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: "error",
      });
      status = res.status;
      text = await res.text();
      retryAfterHeader = res.headers.get("retry-after");
    }
  } catch (err) {
    if (err instanceof RefusedAddressError)
      throw new MarketingError(`${label}: endereço da API não permitido (use https e um endereço público)`, "address");
    throw new MarketingError(`${label}: a ferramenta não respondeu`, "unreachable");
  }
  if ((status >= 200 && status < 300) || okStatuses.includes(status)) return { status, body: parse(text) };
  throw failure(label, status, Number(retryAfterHeader) || undefined);
}
