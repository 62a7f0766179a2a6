// What every marketing tool's adapter does (docs/decisions/marketing.md "One shape for four tools").
import type { MarketingTool } from "../tools";

/** The keys a shop saves: `api_key` always; ActiveCampaign also its account's own `api_url`. */
export interface Credentials {
  api_key: string;
  api_url?: string;
}

/** One lead as every tool receives it. */
export interface Lead {
  spinId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** E.164, "+5511987654321". */
  phone: string;
  wheel: string;
  /** The prize won; null for a lead that did not win. */
  prize: string | null;
  code: string | null;
  /** The code's last day, YYYY-MM-DD; null: no expiry. */
  validUntil: string | null;
  source: string | null;
  /** When the visitor ticked the consent box (the LGPD legal basis). */
  consentAt: Date;
  createdAt: Date;
}

/** A saved integration as an adapter uses it: keys, the chosen list, and what `prepare` found. */
export interface Account {
  credentials: Credentials;
  listId: string;
  settings: Record<string, unknown>;
}

export interface Adapter {
  tool: MarketingTool;
  /** A harmless read with the key: throws MarketingError("auth") when the tool refuses it. */
  check(c: Credentials): Promise<void>;
  lists(c: Credentials): Promise<{ id: string; name: string }[]>;
  /** Readies the chosen list for our fields (creates the custom fields the tool needs declared) and
   *  answers the settings `send` needs (e.g. the list's double opt-in). */
  prepare(c: Credentials, listId: string): Promise<Record<string, unknown>>;
  send(a: Account, lead: Lead): Promise<void>;
  /** Asks the tool to forget the person (a deletion, not just an unsubscribe). */
  erase(a: Account, email: string): Promise<void>;
}

/** The custom fields every tool gets, by our key; each adapter names them its own way. */
export const LEAD_FIELDS = ["prize", "code", "valid_until", "wheel", "source"] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

export const leadFieldValues = (l: Lead): Record<LeadField, string | null> => ({
  prize: l.prize,
  code: l.code,
  valid_until: l.validUntil,
  wheel: l.wheel,
  source: l.source,
});
