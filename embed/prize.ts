// The won prize as the loader keeps it in the shop's storage, and whether it still counts: all the
// loader itself needs of the prize tab (embed/tab.ts, fetched only when there is a prize to show).

/** The won prize as the loader keeps it: name, code, validity (ISO, null: none), coupon link, claim page. */
export interface Prize {
  n: string;
  c: string;
  u: string | null;
  k: string | null;
  l: string | null;
}

/** Whether the stored prize still counts: not past its validity. */
export const live = (p: Prize | undefined, now = Date.now()): p is Prize => !!p?.c && (!p.u || Date.parse(p.u) > now);
