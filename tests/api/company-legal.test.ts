// The promoter's legal data on the company profile (the rules page names it): legal name and
// CNPJ with check digits; a phone with letters is refused, no longer silently dropped.
import { generateCnpj } from "@brazilian-utils/brazilian-utils/generate-cnpj";
import { describe, expect, it } from "vitest";
import { GET as companyRoute, PUT as updateCompanyRoute } from "@/app/api/company/profile/route";
import { addMember, createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

const put = (token: string, body: Record<string, unknown>) => call(updateCompanyRoute, { method: "PUT", token, body });

describe("company legal name and CNPJ", () => {
  it("stores the CNPJ's 14 digits from a masked entry, and answers both on the profile", async () => {
    const c = await createCompany("Loja Legal");
    const cnpj = generateCnpj();
    const masked = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
    const saved = await put(c.owner.token, {
      name: "Loja Legal",
      slug: c.slug,
      legal_name: " Loja Legal Ltda ",
      cnpj: masked,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.company).toMatchObject({ legal_name: "Loja Legal Ltda", cnpj });
    const member = await addMember(c.companyId, "member");
    expect((await call(companyRoute, { token: member.token })).body.company).toMatchObject({
      legal_name: "Loja Legal Ltda",
      cnpj,
    });
    // Left out: unchanged; empty: cleared.
    expect((await put(c.owner.token, { name: "Loja Legal", slug: c.slug })).body.company.cnpj).toBe(cnpj);
    expect(
      (await put(c.owner.token, { name: "Loja Legal", slug: c.slug, cnpj: "", legal_name: "" })).body.company,
    ).toMatchObject({
      cnpj: null,
      legal_name: null,
    });
  });

  it("refuses wrong check digits, wrong lengths, letters, and a phone with letters", async () => {
    const c = await createCompany();
    const valid = generateCnpj();
    const wrongDigit = `${valid.slice(0, 13)}${(Number(valid[13]) + 1) % 10}`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ cnpj: wrongDigit }, "cnpj", "CNPJ inválido"],
      [{ cnpj: "11.111.111/1111-11" }, "cnpj", "CNPJ inválido"],
      [{ cnpj: valid.slice(0, 13) }, "cnpj", "CNPJ inválido"],
      [{ cnpj: `${valid}0` }, "cnpj", "CNPJ inválido"],
      [{ cnpj: `AB${valid.slice(2)}` }, "cnpj", "CNPJ inválido"],
      [{ cnpj: 11222333000181 }, "cnpj", "CNPJ inválido"],
      [{ legal_name: "x".repeat(256) }, "legal_name", "Razão social deve ter no máximo 255 caracteres"],
      [{ phone: "11 9876-ABCD" }, "phone", "Telefone inválido: use apenas números, como (11) 98765-4321"],
      [{ phone: "(11) 98765-4321 ramal 2" }, "phone", "Telefone inválido: use apenas números, como (11) 98765-4321"],
    ];
    for (const [extra, field, message] of cases) {
      const r = await put(c.owner.token, { name: "A", slug: c.slug, ...extra });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.body.details.fields[field], JSON.stringify(extra)).toBe(message);
    }
    expect((await put(c.owner.token, { name: "A", slug: c.slug, phone: "(11) 3333-4444" })).status).toBe(200);
  });

  it("lets only the owner change them", async () => {
    const c = await createCompany();
    const admin = await addMember(c.companyId, "admin");
    const r = await put(admin.token, { name: "A", slug: c.slug, cnpj: generateCnpj() });
    expect(r.status).toBe(403);
    expect((await call(companyRoute, { token: c.owner.token })).body.company.cnpj).toBeNull();
  });
});
