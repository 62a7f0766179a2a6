// Sources on a 390 px phone: the owner opens a wheel's 'Origens' from its Ações menu, adds
// "Balcão Centro", and prints its A4 poster to PDF with Chromium; the QR code inside the PDF
// decodes back to the source's own URL (?s=key). The dialog and the poster pass axe.
import { expect, test } from "@playwright/test";
import jsQR from "jsqr";
import { expectAccessible } from "./axe";
import { fromThisSite, signInByApi, signupByApi, skipTour, wheelAction } from "./helpers";
import { pdfImages } from "./pdf-images";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

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
