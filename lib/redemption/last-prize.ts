// The visitor's last prize on a wheel, kept in the phone's localStorage so that coming back offers
// "Ver meu prêmio". Its own small module: the public page's first load needs only the key (the read is in
// components/public-wheel/flow.ts, fetched after hydration).
export interface LastPrize {
  claim_url: string;
  prize: string;
  code: string;
}

export const lastPrizeKey = (companySlug: string, wheelSlug: string) => `roleta:premio:${companySlug}/${wheelSlug}`;

export function parseLastPrize(raw: string | null): LastPrize | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<LastPrize>;
    // Only a path of this site: the stored value must not send the visitor elsewhere.
    if (typeof v.claim_url === "string" && v.claim_url.startsWith("/w/") && v.prize && v.code) return v as LastPrize;
  } catch {
    /* a damaged value is as good as none */
  }
  return null;
}
