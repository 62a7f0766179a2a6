import { describe, expect, it } from "vitest";
import { navFor } from "@/components/admin/nav-items";
import { can, PERMISSIONS, roleLabel, type Permission } from "@/lib/auth/permissions";

const all = Object.keys(PERMISSIONS) as Permission[];
const ownerOnly: Permission[] = ["billing", "write_users", "update_company"];
const memberPerms: Permission[] = ["view_dashboard", "view_wheels", "view_products", "view_spins", "redeem_prizes"];

describe("permission table", () => {
  it("lets the owner do everything", () => {
    for (const p of all) expect(can("owner", p), p).toBe(true);
  });

  it("lets the admin do everything except the owner's actions", () => {
    for (const p of all) expect(can("admin", p), p).toBe(!ownerOnly.includes(p));
  });

  it("gives members the four view permissions and the counter's redemption, other roles nothing", () => {
    for (const role of ["member", "viewer", ""]) {
      const granted = all.filter((p) => can(role, p));
      expect(granted.sort()).toEqual(role === "member" ? [...memberPerms].sort() : []);
    }
    expect(can(undefined, "view_dashboard")).toBe(false);
  });

  it("builds the menu from the table: Usuários last, for owner and admin only", () => {
    const labels = (role: string) => navFor(role).map((i) => i.label);
    const common = ["Dashboard", "Produtos", "Roda de prêmios", "Leads", "Relatórios", "Assinatura"];
    expect(labels("owner")).toEqual([...common, "Testes", "Unidades", "Integrações", "Usuários"]);
    expect(labels("admin")).toEqual([...common, "Testes", "Unidades", "Integrações", "Usuários"]);
    expect(labels("member")).toEqual(common);
    expect(labels("attendant")).toEqual(["Resgatar prêmio"]);
    expect(labels("intruso")).toEqual([]);
  });

  it("gives the attendant the counter and nothing else", () => {
    expect(all.filter((p) => can("attendant", p))).toEqual(["redeem_prizes"]);
    expect(roleLabel("attendant")).toBe("Atendente");
  });

  it("labels roles, with Membro only on the profile", () => {
    expect(roleLabel("owner")).toBe("Proprietário");
    expect(roleLabel("admin")).toBe("Administrador");
    expect(roleLabel("member")).toBe("Usuário");
    expect(roleLabel("whatever")).toBe("Usuário");
    expect(roleLabel("member", "profile")).toBe("Membro");
  });
});
