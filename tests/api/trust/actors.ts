// Two companies, A and B, each with an owner, an admin and a member, plus the anonymous caller.
import { addMember, createCompany, type TestCompany } from "../../helpers/fixtures";

export type ActorName = "anonymous" | "owner" | "admin" | "member";
export const ACTORS: ActorName[] = ["anonymous", "owner", "admin", "member"];

export interface Tenant {
  company: TestCompany;
  tokens: Record<Exclude<ActorName, "anonymous">, string>;
  userIds: Record<Exclude<ActorName, "anonymous">, string>;
}

export async function createTenant(name: string): Promise<Tenant> {
  const company = await createCompany(name);
  const admin = await addMember(company.companyId, "admin");
  const member = await addMember(company.companyId, "member");
  return {
    company,
    tokens: { owner: company.owner.token, admin: admin.token, member: member.token },
    userIds: { owner: company.owner.id, admin: admin.id, member: member.id },
  };
}
