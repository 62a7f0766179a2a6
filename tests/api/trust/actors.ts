// Two companies, A and B, each with an owner, an admin, a member and an attendant (counter staff
// held to the company's unit "Loja Centro"), plus the anonymous caller.
import { db } from "@/lib/db/client";
import { addMember, createCompany, type TestCompany } from "../../helpers/fixtures";

export type ActorName = "anonymous" | "owner" | "admin" | "member" | "attendant";
export const ACTORS: ActorName[] = ["anonymous", "owner", "admin", "member", "attendant"];

export interface Tenant {
  company: TestCompany;
  tokens: Record<Exclude<ActorName, "anonymous">, string>;
  userIds: Record<Exclude<ActorName, "anonymous">, string>;
  /** The company's unit, where its attendant works and its test spins are played. */
  unitId: string;
}

export async function createTenant(name: string): Promise<Tenant> {
  const company = await createCompany(name);
  const unit = await (
    await db()
  ).unit.create({ data: { companyId: company.companyId, name: "Loja Centro", slug: "centro" } });
  const admin = await addMember(company.companyId, "admin");
  const member = await addMember(company.companyId, "member");
  const attendant = await addMember(company.companyId, "attendant", [unit.id]);
  return {
    company,
    tokens: { owner: company.owner.token, admin: admin.token, member: member.token, attendant: attendant.token },
    userIds: { owner: company.owner.id, admin: admin.id, member: member.id, attendant: attendant.id },
    unitId: unit.id,
  };
}
