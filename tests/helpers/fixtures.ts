// Companies and users created through the real sign-up and login handlers.
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as signupRoute } from "@/app/api/auth/signup/route";
import { db } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { call, uniqueEmail } from "./http";

export const PASSWORD = "senha-forte-123";

export interface TestCompany {
  companyId: string;
  slug: string;
  owner: { id: string; email: string; token: string };
}

export async function createCompany(name = "Empresa Teste"): Promise<TestCompany> {
  const email = uniqueEmail("dono");
  const res = await call(signupRoute, { body: { companyName: name, name: "Dono Teste", email, password: PASSWORD } });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
  return {
    companyId: res.body.company.id,
    slug: res.body.company.slug,
    owner: { id: res.body.user.id, email, token: res.body.token },
  };
}

/** Adds a user with a role to a company and logs them in. */
export async function addMember(companyId: string, role: "admin" | "member" | "attendant", unitIds: string[] = []) {
  const prisma = await db();
  const email = uniqueEmail(role);
  const user = await prisma.user.create({
    data: { email, name: `Pessoa ${role}`, passwordHash: await hashPassword(PASSWORD) },
  });
  await prisma.membership.create({ data: { userId: user.id, companyId, role, unitIds } });
  const res = await call(loginRoute, { body: { email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return { id: user.id, email, token: res.body.token as string };
}
