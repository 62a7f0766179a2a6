// Sources on a 390 px phone: the owner opens a wheel's 'Origens' from its Ações menu, adds
// "Balcão Centro", and prints its A4 poster to PDF with Chromium; the QR code inside the PDF
// decodes back to the source's own URL (?s=key). The dialog and the poster pass axe.
import { expect, test } from "@playwright/test";
import jsQR from "jsqr";
import { expectAccessible } from "./axe";
import {
  expectNoSidewaysScroll,
  fromThisSite,
  PHONE,
  signInByApi,
  signupByApi,
  skipTour,
  wheelAction,
} from "./helpers";
import { pdfImages } from "./pdf-images";

test.use({ ...PHONE, viewport: { width: 390, height: 844 } });

test("create a source, print its poster to PDF, and read its QR code back", async ({ page }) => {
  const owner = await signupByApi(page, "Loja Origens");
  await signInByApi(page, owner);
  await skipTour(page);
  const created = await page.request.post("/api/wheels", {
    headers: fromThisSite(),
    data: {
      name: "Roleta da Vitrine",
      slug: `vitrine-${Date.now()}`,
      status: "active",
      authorization_number: "04.012345/2026",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const wheel = (await created.json()).wheel as { id: string; slug: string };

  await page.goto("/admin/wheels");
  await wheelAction(page, "Roleta da Vitrine", "Origens");
  const dialog = page.getByRole("dialog", { name: "Origens — Roleta da Vitrine" });
  await expect(dialog.getByText("Nenhuma origem cadastrada.")).toBeVisible();

  await dialog.getByRole("button", { name: "Adicionar" }).click();
  await expect(dialog.getByText("Nome da origem é obrigatório")).toBeVisible();
  await dialog.getByLabel("Nova origem").fill("Balcão Centro");
  await dialog.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Origem criada!")).toBeVisible();
  const list = dialog.getByRole("list", { name: "Origens da roleta" });
  await expect(list.getByText("Balcão Centro")).toBeVisible();
  await expectAccessible(page, "Origens", "[role=dialog]");
  await expectNoSidewaysScroll(page);

  const { sources } = await (await page.request.get(`/api/wheels/${wheel.id}/sources`)).json();
  expect(sources).toHaveLength(1);
  const source = sources[0] as { id: string; key: string; url: string };
  expect(source.url).toBe(`${new URL(page.url()).origin}/w/${owner.company.slug}/${wheel.slug}?s=${source.key}`);
  await expect(list.getByText(source.url)).toBeVisible();

  const [poster] = await Promise.all([
    page.waitForEvent("popup"),
    dialog.getByRole("link", { name: "Cartaz A4 de Balcão Centro" }).click(),
  ]);
  await expect(poster.getByRole("heading", { name: "Gire e ganhe!" })).toBeVisible();
  await expect(poster.getByText("Roleta da Vitrine")).toBeVisible();
  await expect(poster.getByText(source.url.replace(/^https?:\/\//, ""))).toBeVisible();
  await expect(poster.getByText("Certificado de Autorização SPA/MF nº 04.012345/2026")).toBeVisible();
  await expect(poster.getByText(/Regulamento: .*\/regulamento/)).toBeVisible();
  await expectAccessible(poster, "Cartaz");
  await expectNoSidewaysScroll(poster);

  await poster.emulateMedia({ media: "print" });
  const pdf = await poster.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  // One A4 page (595 x 842 points).
  const boxes = [...pdf.toString("latin1").matchAll(/\/MediaBox\s*\[0 0 ([\d.]+) ([\d.]+)\]/g)];
  expect(boxes).toHaveLength(1);
  expect(Math.round(Number(boxes[0][1]))).toBeGreaterThanOrEqual(594);
  expect(Math.round(Number(boxes[0][2]))).toBeLessThanOrEqual(843);

  const decoded = pdfImages(pdf)
    .map((img) => jsQR(img.data, img.width, img.height)?.data)
    .filter(Boolean);
  expect(decoded).toEqual([source.url]);
});

test("a visitor through a source link is a lead of that source, and the funnel counts the view", async ({
  page,
  browser,
}) => {
  const owner = await signupByApi(page, "Loja Funil");
  await signInByApi(page, owner);
  await skipTour(page);
  const headers = fromThisSite();
  const wheel = (
    await (
      await page.request.post("/api/wheels", {
        headers,
        data: { name: "Roleta do Funil", slug: `funil-${Date.now()}`, status: "active" },
      })
    ).json()
  ).wheel as { id: string; slug: string };
  const product = (
    await (
      await page.request.post("/api/products", {
        headers,
        data: { name: "Chaveiro", description: "Brinde", stock: 5 },
      })
    ).json()
  ).product as { id: string };
  const saved = await page.request.post(`/api/wheels/${wheel.id}/products`, {
    headers,
    data: { products: [{ product_id: product.id, odds_weight: 1 }] },
  });
  expect(saved.status()).toBe(200);
  const source = (
    await (await page.request.post(`/api/wheels/${wheel.id}/sources`, { headers, data: { name: "Instagram" } })).json()
  ).source as { id: string; url: string };

  // The visitor: a separate browser context (no staff cookie), arriving by the source's link.
  const visitor = await browser.newPage({ ...PHONE, viewport: { width: 390, height: 844 } });
  const link = new URL(source.url);
  await visitor.goto(`${link.pathname}${link.search}&utm_medium=bio`);
  await visitor.getByLabel("Nome completo").fill("Visitante Origem");
  await visitor
    .getByLabel("WhatsApp")
    .fill(`(11) 9${String(Date.now()).slice(-8, -4)}-${String(Date.now()).slice(-4)}`);
  await visitor.getByRole("checkbox").check();
  await visitor.getByRole("button", { name: "Começar" }).click();
  await visitor.getByRole("button", { name: "GIRAR" }).click();
  await expect(visitor.getByText("Parabéns! Você ganhou um prêmio!")).toBeVisible({ timeout: 15_000 });
  await visitor.close();

  await page.goto("/admin/leads");
  const row = page.getByRole("row").filter({ hasText: "Visitante Origem" });
  await expect(row.getByText("Instagram", { exact: true })).toBeVisible();

  await page.goto("/admin/reports");
  const funnel = page.getByRole("list", { name: "Etapas do funil" });
  const funnelChart = page.getByRole("img", { name: /Gráfico do funil/ });
  await expect(funnelChart.locator(".recharts-line")).toHaveCount(4);
  await expect(funnel.getByText("Visualizações", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Funil por origem" }).getByText("Instagram", { exact: true }),
  ).toBeVisible();
  const answer = await (await page.request.get(`/api/reports/funnel?wheel_id=${wheel.id}`)).json();
  expect(answer.funnel).toMatchObject({ views: 1, spins: 1, wins: 1, redeemed: 0 });
  expect(answer.by_source).toEqual([
    { source_id: source.id, name: "Instagram", views: 1, spins: 1, wins: 1, redeemed: 0 },
  ]);
  await expectAccessible(page, "Relatórios com funil");
});

test("the API reference is served from this site and lists the API", async ({ page }) => {
  const outside: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(new URL(test.info().project.use.baseURL!).origin) && !r.url().startsWith("data:"))
      outside.push(r.url());
  });
  const csp: string[] = [];
  page.on("console", (m) => m.type() === "error" && /Content Security Policy/i.test(m.text()) && csp.push(m.text()));
  await page.goto("/docs/api");
  await expect(page.getByText("Roleta Premiada API").first()).toBeVisible({ timeout: 20_000 });
  // The sidebar lists the document's tags.
  await expect(page.getByText("Wheels, their prizes, sources and leads").first()).toBeAttached();
  expect(outside).toEqual([]);
  expect(csp).toEqual([]);
});
