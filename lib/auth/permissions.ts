// The one permission table. The server checks it on every call;
// the UI reads it only to hide what a role cannot do.
import type { ApiKeyScope } from "@/lib/validation/api-keys";

// attendant ("Atendente"): counter staff. It holds redeem_prizes alone, limited to the spins of its
// units when it has any (lib/redemption/redeem.ts; docs/decisions/units.md "Counter staff").
export const ROLES = ["owner", "admin", "member", "attendant"] as const;
export type Role = (typeof ROLES)[number];

const EVERYONE: readonly Role[] = ["owner", "admin", "member"];
const COUNTER: readonly Role[] = ["owner", "admin", "member", "attendant"];
const STAFF: readonly Role[] = ["owner", "admin"];
const OWNER: readonly Role[] = ["owner"];

export const PERMISSIONS = {
  // Members have these four and redeem_prizes.
  view_dashboard: EVERYONE,
  view_wheels: EVERYONE,
  view_products: EVERYONE,
  view_spins: EVERYONE,
  // Issue 13: whoever is at the counter hands prizes over (/admin/resgatar), members included.
  // Issue 41: the attendant too, and nothing else (its own profile is any session's).
  redeem_prizes: COUNTER,
  // Admin: everything except the owner's below.
  manage_products: STAFF,
  manage_wheels: STAFF,
  undo_redemption: STAFF, // "desfazer resgate" within 10 minutes of the hand-over
  manage_lgpd: STAFF,
  view_users: STAFF, // see the Usuários screen and its invitations
  manage_integrations: STAFF, // outgoing webhooks (docs/api.md "Outgoing webhooks")
  manage_api_keys: STAFF, // create, list and revoke API keys (docs/api.md "API keys (issue 39)")
  manage_units: STAFF, // the Unidades screen and GET/POST/PUT/DELETE /units (Pro)
  manage_experiments: STAFF, // the Testes screen and /experiments (Pro)
  // The owner's alone.
  write_users: OWNER, // "Only the owner may create, edit or delete users" (and invite)
  update_company: OWNER, // "Company settings: only the owner can edit"
  billing: OWNER,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: string | undefined | null, permission: Permission): boolean {
  return !!role && (PERMISSIONS[permission] as readonly string[]).includes(role);
}

// API keys (docs/decisions/redemptions.md "API keys: hashed, scoped, per company"): a key holds
// scopes, and each scope grants exactly one permission of the table above, so a route checks one
// permission whoever calls it. A permission no scope grants is never open to a key.

export const SCOPE_PERMISSION: Record<ApiKeyScope, Permission> = {
  "redemptions:write": "redeem_prizes",
  "leads:read": "view_spins",
};

export function keyCan(scopes: readonly string[], permission: Permission): boolean {
  return scopes.some((s) => SCOPE_PERMISSION[s as ApiKeyScope] === permission);
}

/** Role labels; the member label differs between the users list and the profile. */
export function roleLabel(role: string | undefined | null, where: "list" | "profile" = "list"): string {
  if (role === "owner") return "Proprietário";
  if (role === "admin") return "Administrador";
  if (role === "attendant") return "Atendente";
  return where === "profile" ? "Membro" : "Usuário";
}
