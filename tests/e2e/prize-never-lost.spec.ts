// The prize is never lost (issue 13), on a phone: a spin whose answer is dropped after the server
// recorded it still reaches the result with the same code; coming back offers "Ver meu prêmio";
// the counter reads the claim page's QR code with the camera and hands the prize over.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { devices, expect, test, type Page } from "@playwright/test";
import QRCode from "qrcode";
import { expectAccessible } from "./axe";
import { DEMO, signInByApi, skipTour } from "./helpers";

// Chromium's fake camera plays this file; the test writes the QR code into it before opening the camera.
const CAMERA_FILE = path.resolve(process.env.E2E_DATA_DIR ?? ".data/e2e", "fake-camera.y4m");

const phone = devices["Pixel 7"];
test.use({
  viewport: phone.viewport,
  userAgent: phone.userAgent,
  deviceScaleFactor: phone.deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
  permissions: ["camera"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${CAMERA_FILE}`,
    ],
  },
});

const WHEEL = "/w/loja-demo/roleta-de-natal";
const uniquePhone = () => `(11) 9${String(Date.now()).slice(-8, -4)}-${String(Date.now()).slice(-4)}`;

/** One grey-scale frame (YUV 4:2:0) with the QR code of `text` in the middle, white around it. */
function writeQrFrame(text: string, file: string) {
  const [w, h] = [640, 480];
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  const scale = Math.floor(360 / (size + 8));
  const offX = Math.floor((w - size * scale) / 2);
  const offY = Math.floor((h - size * scale) / 2);
  const y = Buffer.alloc(w * h, 255);
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++)
      if (qr.modules.get(r, c))
        for (let dy = 0; dy < scale; dy++)
          y.fill(
            0,
            (offY + r * scale + dy) * w + offX + c * scale,
            (offY + r * scale + dy) * w + offX + (c + 1) * scale,
          );
  const chroma = Buffer.alloc((w / 2) * (h / 2) * 2, 128);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F30:1 Ip A1:1 C420jpeg\n`), Buffer.from("FRAME\n"), y, chroma]),
  );
}

async function fillForm(page: Page, whatsapp: string) {
  await page.getByLabel("Nome completo").fill("Joana Prado");
  await page.getByLabel("WhatsApp").fill(whatsapp);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Começar" }).click();
}

test("a dropped spin answer is retried with the same key and the prize is kept", async ({ page }) => {
  let recorded: { redemption_code: string; claim_url: string } | null = null;
  const keys: string[] = [];
  await page.route("**/api/public/*/wheels/*/spin", async (route) => {
    keys.push(route.request().headers()["idempotency-key"]);
    if (recorded) return route.continue();
    // The server records the spin, then the answer is lost on its way to the phone.
    const response = await route.fetch();
    expect(response.status()).toBe(201);
    recorded = await response.json();
    await route.abort("connectionreset");
  });
  const whatsapp = uniquePhone();
  await page.goto(WHEEL);
  await fillForm(page, whatsapp);
  // The number stays as typed (the server normalises it).
  await page.getByRole("button", { name: "GIRAR" }).click();
  await expect(page.getByText("Parabéns! Você ganhou um prêmio!")).toBeVisible({ timeout: 20_000 });
  expect(recorded).not.toBeNull();
  await expect(page.getByTestId("redemption-code")).toHaveText(recorded!.redemption_code);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  const send = page.getByRole("link", { name: "Enviar para o meu WhatsApp" });
  await expect(send).toHaveAttribute("href", new RegExp(`^https://wa\\.me/55${whatsapp.replace(/\D/g, "")}\\?text=`));
  expect(decodeURIComponent((await send.getAttribute("href"))!)).toContain(recorded!.redemption_code);
  await expectAccessible(page, "spin result");

  // Back on the wheel later: the phone remembers the prize.
  await page.goto(WHEEL);
  const mine = page.getByRole("link", { name: /Ver meu prêmio/ });
  await expect(mine).toBeVisible();
  await mine.click();
  await expect(page).toHaveURL(new RegExp(`${recorded!.claim_url}$`));
  await expect(page.getByTestId("claim-code")).toHaveText(recorded!.redemption_code);
  await expect(page.getByRole("heading", { name: "Olá, Joana!" })).toBeVisible();
  await expect(page.getByTestId("claim-whatsapp")).toHaveText(/^\+55 \(11\) 9••••-\d{4}$/);
  await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute("content", /noindex/);
  await expectAccessible(page, "claim page");
});

test("the counter reads the claim QR with the camera and hands the prize over", async ({ page, request }) => {
  const spin = await request.post("/api/public/loja-demo/wheels/roleta-de-natal/spin", {
    data: { name: "Caio Balcão", whatsapp: uniquePhone(), consent: true },
  });
  expect(spin.status()).toBe(201);
  const { redemption_code: code } = await spin.json();
  writeQrFrame(code, CAMERA_FILE);

  await skipTour(page);
  await signInByApi(page, DEMO.member);
  await page.goto("/admin/resgatar");
  await expect(page.getByRole("heading", { name: "Resgatar prêmio", level: 1 })).toBeVisible();
  await expectAccessible(page, "counter, empty");
  await page.getByRole("button", { name: "Ler QR code" }).click();
  const card = page.getByRole("region", { name: /.+/ }).filter({ hasText: code });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText("Caio Balcão")).toBeVisible();
  await expect(card.getByText(/^\+55 \(11\) 9••••-\d{4}$/)).toBeVisible();
  await expect(card.getByText("Aguardando retirada")).toBeVisible();
  await expectAccessible(page, "counter, prize found");
  await card.getByRole("button", { name: "Entregar prêmio" }).click();
  await expect(card.getByText(/^Resgatado em/)).toBeVisible();
  await expect(card.getByText("Entregue")).toBeVisible();
  // Members hand prizes over but cannot undo it (owner and admin).
  await expect(card.getByRole("button", { name: "Desfazer resgate" })).toHaveCount(0);
});

test("the counter finds a typed code; an unknown one is explained", async ({ page }) => {
  await skipTour(page);
  await signInByApi(page, DEMO.admin);
  await page.goto("/admin/resgatar");
  await page.getByLabel("Código de resgate").fill("ZZZZ2222");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Código de resgate não encontrado" })).toBeVisible();
  await expectAccessible(page, "counter, unknown code");
});
