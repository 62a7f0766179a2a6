// A wheel's sources (docs/api.md "Sources and attribution"): create, list, delete, QR and poster, only
// within the caller's company; and the attribution a spin carries (?s= key, utm_*) on the leads
// list, its source_id filter and the CSV.
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteRoute } from "@/app/api/wheels/[id]/sources/[sourceId]/route";
import { GET as posterRoute } from "@/app/api/wheels/[id]/sources/[sourceId]/poster/route";
import { GET as qrRoute } from "@/app/api/wheels/[id]/sources/[sourceId]/qr/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/wheels/[id]/sources/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { GET as exportRoute } from "@/app/api/wheels/spins/export/route";
import { GET as leadsRoute } from "@/app/api/wheels/spins/all/route";
import { sourceAnswer } from "@/lib/validation/sources";
import { campaignWheel, newPhone } from "../helpers/campaign";
import { addMember, createCompany, type TestCompany } from "../helpers/fixtures";
import { call, randomIp } from "../helpers/http";

let A: TestCompany;
let B: TestCompany;
let wheel: { id: string; slug: string };
let otherWheel: { id: string; slug: string };

const create = (c: TestCompany, wheelId: string, body: unknown) =>
  call(createRoute, { token: c.owner.token, params: { id: wheelId }, body });
const list = (c: TestCompany, wheelId: string) => call(listRoute, { token: c.owner.token, params: { id: wheelId } });

const spin = (extra: Record<string, unknown>, c = A, w = wheel) =>
  call(spinRoute, {
    params: { companySlug: c.slug, wheel: w.slug },
    body: { name: "Visitante", whatsapp: newPhone(), consent: true, ...extra },
    ip: randomIp(),
  });

beforeAll(async () => {
  [A, B] = [await createCompany("Origens A"), await createCompany("Origens B")];
  wheel = (await campaignWheel(A, {}, [{ name: "Brinde", stock: 50 }])).wheel;
  otherWheel = (await campaignWheel(A, {}, [{ name: "Brinde", stock: 5 }])).wheel;
});

describe("sources of a wheel", () => {
  it("are created with a URL-safe key and the wheel's public URL + ?s=key, listed and deleted", async () => {
    const res = await create(A, wheel.id, { name: "  Balcão Centro  " });
    expect(res.status).toBe(201);
    const s = res.body.source;
    expect(s.name).toBe("Balcão Centro");
    expect(s.key).toMatch(/^[A-Za-z0-9_-]{6,12}$/);
    expect(s.url).toMatch(new RegExp(`/w/${A.slug}/${wheel.slug}\\?s=${s.key}$`));
    expect(Date.parse(s.created_at)).not.toBeNaN();
    // The answer is what /api/openapi.json documents.
    expect(sourceAnswer.parse(s)).toEqual(s);

    const second = (await create(A, wheel.id, { name: "Instagram" })).body.source;
    expect(second.key).not.toBe(s.key);
    const listed = await list(A, wheel.id);
    expect(listed.status).toBe(200);
    expect(listed.body.sources.map((x: { name: string }) => x.name)).toEqual(["Balcão Centro", "Instagram"]);
    expect((await list(A, otherWheel.id)).body.sources).toEqual([]);

    const del = await call(deleteRoute, { token: A.owner.token, params: { id: wheel.id, sourceId: second.id } });
    expect(del.status).toBe(200);
    expect((await list(A, wheel.id)).body.sources).toHaveLength(1);
  });

  it("refuses a missing or too long name with a pt-BR 400", async () => {
    const empty = await create(A, wheel.id, { name: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.details.fields.name).toBe("Nome da origem é obrigatório");
    const long = await create(A, wheel.id, { name: "x".repeat(61) });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe("O nome da origem deve ter no máximo 60 caracteres");
    expect((await create(A, wheel.id, { name: "x".repeat(60) })).status).toBe(201);
  });

  it("members see sources but cannot create or delete them", async () => {
    const member = await addMember(A.companyId, "member");
    expect((await call(listRoute, { token: member.token, params: { id: wheel.id } })).status).toBe(200);
    const res = await call(createRoute, { token: member.token, params: { id: wheel.id }, body: { name: "Loja" } });
    expect(res.status).toBe(403);
  });

  it("give a QR PNG and a printable poster with the wheel's name, the link and the rules", async () => {
    const s = (await create(A, wheel.id, { name: "Vitrine" })).body.source;
    const qr = await call(qrRoute, { token: A.owner.token, params: { id: wheel.id, sourceId: s.id } });
    expect(qr.status).toBe(200);
    expect(qr.headers.get("content-type")).toBe("image/png");
    const poster = await call(posterRoute, {
      token: A.owner.token,
      params: { id: wheel.id, sourceId: s.id },
      url: `/api/x?format=a5`,
    });
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toContain("text/html");
    expect(poster.text).toContain("Gire e ganhe!");
    expect(poster.text).toContain("size: A5");
    expect(poster.text).toContain(`s=${s.key}`);
    expect(poster.text).toContain(`/w/${A.slug}/${wheel.slug}/regulamento`);
    expect(poster.text).toMatch(/src="data:image\/png;base64,/);
    const bad = await call(posterRoute, {
      token: A.owner.token,
      params: { id: wheel.id, sourceId: s.id },
      url: `/api/x?format=carta`,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Formato inválido: use a4 ou a5");
  });
});

describe("another company's sources do not exist", () => {
  it("cannot list, add to, delete, or print another company's wheel sources (404, nothing changes)", async () => {
    const s = (await create(A, wheel.id, { name: "Secreta" })).body.source;
    expect((await list(B, wheel.id)).status).toBe(404);
    expect((await create(B, wheel.id, { name: "Intrusa" })).status).toBe(404);
    const del = await call(deleteRoute, { token: B.owner.token, params: { id: wheel.id, sourceId: s.id } });
    expect(del.status).toBe(404);
    for (const route of [qrRoute, posterRoute])
      expect((await call(route, { token: B.owner.token, params: { id: wheel.id, sourceId: s.id } })).status).toBe(404);
    // B's own wheel with A's source id: still 404 (the source is looked up within the wheel).
    const bWheel = (await campaignWheel(B, {}, [{ stock: 1 }])).wheel;
    const cross = await call(deleteRoute, { token: B.owner.token, params: { id: bWheel.id, sourceId: s.id } });
    expect(cross.status).toBe(404);
    const names = (await list(A, wheel.id)).body.sources.map((x: { name: string }) => x.name);
    expect(names).toContain("Secreta");
    expect(names).not.toContain("Intrusa");
  });

  it("a source of another wheel of the same company is not found under this wheel", async () => {
    const s = (await create(A, otherWheel.id, { name: "Da outra" })).body.source;
    const res = await call(deleteRoute, { token: A.owner.token, params: { id: wheel.id, sourceId: s.id } });
    expect(res.status).toBe(404);
  });
});

describe("attribution of leads", () => {
  let source: { id: string; key: string; name: string };

  beforeAll(async () => {
    source = (await create(A, wheel.id, { name: "Panfleto" })).body.source;
  });

  const leads = async (query: string) =>
    (await call(leadsRoute, { token: A.owner.token, url: `/api/wheels/spins/all?wheel_id=${wheel.id}&${query}` })).body;

  it("a spin through a source and utm_* records them on the lead, filterable by source_id", async () => {
    const res = await spin({ source: source.key, utm_source: "instagram", utm_medium: "bio", utm_campaign: "natal" });
    expect(res.status).toBe(201);
    const body = await leads(`source_id=${source.id}`);
    expect(body.spins).toHaveLength(1);
    expect(body.spins[0]).toMatchObject({
      source_id: source.id,
      source_name: "Panfleto",
      utm_source: "instagram",
      utm_medium: "bio",
      utm_campaign: "natal",
    });
    expect(body.stats.total_leads).toBe(1);
  });

  it("an unknown key, or another wheel's key, is ignored: the spin counts with no source", async () => {
    const foreign = (await create(A, otherWheel.id, { name: "Outra roleta" })).body.source;
    for (const key of ["naoexiste", foreign.key]) {
      const res = await spin({ source: key });
      expect(res.status, res.text).toBe(201);
    }
    expect((await leads(`source_id=${foreign.id}`)).spins).toHaveLength(0);
    const withoutSource = (await leads("limit=100")).spins.filter((s: { source_id: string | null }) => !s.source_id);
    expect(withoutSource.length).toBeGreaterThanOrEqual(2);
  });

  it("a utm value over 100 characters is refused with a pt-BR 400; a bad source_id filter too", async () => {
    const res = await spin({ utm_campaign: "x".repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("utm_campaign deve ter no máximo 100 caracteres");
    const bad = await call(leadsRoute, { token: A.owner.token, url: `/api/wheels/spins/all?source_id=abc` });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Origem inválida");
  });

  it("the CSV carries Origem and the utm columns, and the filter", async () => {
    const res = await call(exportRoute, {
      token: A.owner.token,
      url: `/api/wheels/spins/export?source_id=${source.id}`,
    });
    const [header, ...rows]: string[][] = parse(res.text.replace(/^\uFEFF/, ""), { delimiter: ";" });
    const at = header.indexOf("Origem");
    expect(header.slice(at, at + 4)).toEqual(["Origem", "utm_source", "utm_medium", "utm_campaign"]);
    expect(rows).toHaveLength(1);
    expect(rows[0].slice(at, at + 4)).toEqual(["Panfleto", "instagram", "bio", "natal"]);
  });

  it("deleting the source keeps its leads' attribution", async () => {
    await call(deleteRoute, { token: A.owner.token, params: { id: wheel.id, sourceId: source.id } });
    const body = await leads(`source_id=${source.id}`);
    expect(body.spins).toHaveLength(1);
    expect(body.spins[0].source_name).toBe("Panfleto");
  });

  it("another company's key names nothing on this company's wheel", async () => {
    const bWheel = (await campaignWheel(B, {}, [{ stock: 3 }])).wheel;
    const bSource = (await create(B, bWheel.id, { name: "B" })).body.source;
    expect((await spin({ source: bSource.key })).status).toBe(201);
    expect((await leads(`source_id=${bSource.id}`)).spins).toHaveLength(0);
  });
});
