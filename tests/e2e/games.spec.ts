// The raspadinha and the gift box (issue 42): each game plays on a phone (390 px, by touch and by
// keyboard alone) and on a desktop (by mouse and by keyboard alone); a won and a lost spin of each
// show the server's answer (the prize weights force the outcome) on the game and then on the same
// result screen as the wheel. The editor chooses the game with a live preview. Axe on every screen.
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { apiPost, expectNoSidewaysScroll, signInByApi, signupByApi, skipTour } from "./helpers";

const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PRIZE = "Caneca da Loja";
const NO_PRIZE = "Quase! Tente outra vez";
const WON = "Parabéns! Você ganhou um prêmio!";

type GameName = "scratch" | "gift";
interface Wheels {
  company: string;
  /** Per game, a wheel that always gives the prize and one that (all but) never does. */
  slugs: Record<GameName, { won: string; lost: string }>;
}

let wheels: Wheels | null = null;
let phone = Date.now() % 10_000_000;
const nextPhone = () => {
  const n = String(++phone).padStart(8, "0").slice(-8);
  return `(11) 9${n.slice(0, 4)}-${n.slice(4)}`;
};

/** One shop with a won and a lost wheel of each game, made once through the API. */
async function setup(browser: Browser): Promise<Wheels> {
  if (wheels) return wheels;
  const page = await browser.newPage();
  const { email, password, company } = await signupByApi(page, "Loja dos Jogos");
  await signInByApi(page, { email, password });
  const { product } = await apiPost(page, "/api/products", {
    name: PRIZE,
    description: "Caneca de cerâmica",
    stock: 100,
    weight: 1,
  });
  const slugs = {} as Wheels["slugs"];
  for (const game of ["scratch", "gift"] as const) {
    const made = { won: `${game}-ganha`, lost: `${game}-perde` };
    // Won: the prize's weight and no "no prize" segment. Lost: one in a million for the prize.
    await apiPost(page, "/api/wheels", {
      name: `Jogo ${game} ganha`,
      slug: made.won,
      status: "active",
      game,
      theme: { primary_color: "#0f766e" },
      no_prize_weight: 0,
      products: [{ product_id: product.id, odds_weight: 1_000_000 }],
    });
    await apiPost(page, "/api/wheels", {
      name: `Jogo ${game} perde`,
      slug: made.lost,
      status: "active",
      game,
      no_prize_weight: 1_000_000,
      no_prize_label: NO_PRIZE,
      products: [{ product_id: product.id, odds_weight: 1 }],
    });
    slugs[game] = made;
  }
  await page.close();
  wheels = { company: company.slug, slugs };
  return wheels;
}

/** The form, filled and sent; the game's step is on screen after it. */
async function reachGame(page: Page, url: string, keyboard = false) {
  await page.goto(url);
  await page.getByLabel("Nome completo").fill("Visitante Jogo");
  await page.getByLabel("WhatsApp").fill(nextPhone());
  if (keyboard) {
    await page.getByRole("checkbox").focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Começar" })).toBeFocused();
    await page.keyboard.press("Enter");
  } else {
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Começar" }).click();
  }
  await expect(page.getByRole("heading", { name: "Olá, Visitante! Boa sorte!" })).toBeVisible();
}

/** Tabs from the page's top to the button named `name` and presses Enter: the keyboard alone. */
async function pressByKeyboard(page: Page, name: string) {
  const target = page.getByRole("button", { name });
  await page.locator("body").focus();
  for (let i = 0; i < 15 && !(await target.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(target).toBeFocused();
  await page.keyboard.press("Enter");
}

/** Zig-zag strokes over the box, row after row, by mouse or by finger (CDP touch events). */
async function scratchOver(page: Page, box: Locator, by: "mouse" | "touch") {
  const b = (await box.boundingBox())!;
  const rows: { x: number; y: number }[][] = [];
  for (let y = b.y + 6; y < b.y + b.height; y += 16) {
    const row = [];
    for (let x = b.x + 4; x < b.x + b.width; x += 12) row.push({ x, y });
    rows.push(rows.length % 2 ? row.reverse() : row);
  }
  // A person stops scratching once the card shows its answer (the result screen follows 1.5 s
  // later): strokes past that would land on the result screen, not on the card.
  const revealed = async () => ((await page.getByTestId("game-announcement").textContent()) ?? "").trim() !== "";
  if (by === "mouse") {
    for (const row of rows) {
      if (await revealed()) break;
      await page.mouse.move(row[0].x, row[0].y);
      await page.mouse.down();
      for (const p of row.slice(1)) await page.mouse.move(p.x, p.y);
      await page.mouse.up();
    }
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  for (const row of rows) {
    if (await revealed()) break;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [row[0]] });
    for (const p of row.slice(1)) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [p] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  }
  await cdp.detach();
}

/** The game shows the server's answer (announced), then the wheel's own result screen follows. */
async function expectReveal(page: Page, outcome: "won" | "lost") {
  const said = page.getByTestId("game-announcement");
  if (outcome === "won") {
    await expect(said).toHaveText(`Você ganhou! ${PRIZE}`);
    await expectAccessible(page, "game revealed (won)");
    await expect(page.getByText(WON)).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText(PRIZE).first()).toBeVisible();
    await expect(page.getByTestId("redemption-code")).toHaveText(/^[A-Z2-9]{8}$/);
  } else {
    await expect(said).toHaveText(`${NO_PRIZE} Obrigado pela participação!`);
    await expect(page.getByRole("heading", { name: NO_PRIZE, level: 2 })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText(WON)).toHaveCount(0);
  }
  await expect(page.getByRole("heading", { level: 2 }).first()).toBeFocused();
  await expectAccessible(page, `result after the game (${outcome})`);
}

test.describe("on a phone (390 px)", () => {
  test.use(PHONE_390);

  test("the raspadinha: scratched by a finger, it reveals the prize the server drew", async ({ page, browser }) => {
    const w = await setup(browser);
    await reachGame(page, `/w/${w.company}/${w.slugs.scratch.won}`);
    const card = page.getByTestId("scratch-canvas");
    await expect(card).toHaveCSS("touch-action", "none");
    await expect(page.locator("main")).not.toHaveCSS("touch-action", "none");
    await expect(page.getByRole("button", { name: "Raspar tudo" })).toBeVisible();
    await expectAccessible(page, "raspadinha before scratching");
    await expectNoSidewaysScroll(page);
    await scratchOver(page, card, "touch");
    await expect(page.getByTestId("scratch-answer")).toContainText(PRIZE);
    await expectReveal(page, "won");
  });

  test("the raspadinha by keyboard alone: 'Raspar tudo' shows a lost draw", async ({ page, browser }) => {
    const w = await setup(browser);
    await reachGame(page, `/w/${w.company}/${w.slugs.scratch.lost}`, true);
    await pressByKeyboard(page, "Raspar tudo");
    await expect(page.getByTestId("scratch-answer")).toContainText(NO_PRIZE);
    await expectReveal(page, "lost");
  });

  test("the gift box: a tap opens it on the prize the server drew", async ({ page, browser }) => {
    const w = await setup(browser);
    await reachGame(page, `/w/${w.company}/${w.slugs.gift.won}`);
    const box = page.getByTestId("gift-box");
    await expectAccessible(page, "gift box closed");
    await expectNoSidewaysScroll(page);
    const b = (await box.boundingBox())!;
    await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height * 0.75);
    await expect(box).toHaveAttribute("data-open", "true");
    await expect(page.getByTestId("gift-answer")).toContainText(PRIZE);
    await expectReveal(page, "won");
  });

  test("at 320 px the opened gift keeps clear of the heading", async ({ page, browser }) => {
    const w = await setup(browser);
    await page.setViewportSize({ width: 320, height: 640 });
    await reachGame(page, `/w/${w.company}/${w.slugs.gift.won}`, true);
    await pressByKeyboard(page, "Abrir");
    const answer = page.getByTestId("gift-answer");
    await expect(answer).toContainText(PRIZE);
    await expect(page.getByTestId("game-announcement")).toHaveText(`Você ganhou! ${PRIZE}`);
    // Measured where the lid and the card come to rest.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await page.screenshot({ path: "/tmp/gift320.png" });
    const heading = (await page.getByRole("heading", { name: "Olá, Visitante! Boa sorte!" }).boundingBox())!;
    const card = (await answer.boundingBox())!;
    expect(card.y).toBeGreaterThanOrEqual(heading.y + heading.height + 8);
  });

  test("the gift box by keyboard alone: 'Abrir' shows a lost draw", async ({ page, browser }) => {
    const w = await setup(browser);
    await reachGame(page, `/w/${w.company}/${w.slugs.gift.lost}`, true);
    await pressByKeyboard(page, "Abrir");
    await expect(page.getByTestId("gift-answer")).toContainText(NO_PRIZE);
    await expectReveal(page, "lost");
  });
});

test.describe("on a desktop", () => {
  test.use(DESKTOP);

  test("the raspadinha scratched with the mouse shows a lost draw", async ({ page, browser }) => {
    const w = await setup(browser);
    await reachGame(page, `/w/${w.company}/${w.slugs.scratch.lost}`);
    // Before the first stroke nothing is drawn: the answer under the coating is not there yet.
    await expect(page.getByTestId("scratch-answer")).not.toContainText(NO_PRIZE);
    await scratchOver(page, page.getByTestId("scratch-canvas"), "mouse");
    await expect(page.getByTestId("scratch-answer")).toContainText(NO_PRIZE);
    await expectReveal(page, "lost");
  });

  test("the raspadinha by keyboard alone wins", async ({ page, browser }) => {
    const w = await setup(browser);
    await reachGame(page, `/w/${w.company}/${w.slugs.scratch.won}`, true);
    await pressByKeyboard(page, "Raspar tudo");
    await expectReveal(page, "won");
  });

  test("the gift box opened with a click shows a lost draw", async ({ page, browser }) => {
    const w = await setup(browser);
    await reachGame(page, `/w/${w.company}/${w.slugs.gift.lost}`);
    await page.getByTestId("gift-box").click();
    await expect(page.getByTestId("gift-answer")).toContainText(NO_PRIZE);
    await expectReveal(page, "lost");
  });

  test("the gift box by keyboard alone wins, without motion under reduced motion", async ({ page, browser }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const w = await setup(browser);
    await reachGame(page, `/w/${w.company}/${w.slugs.gift.won}`, true);
    const box = page.getByTestId("gift-box");
    // Every part of the box: no transition at all, or one that takes no time.
    for (const part of await box.locator("div").all()) {
      const [property, duration] = await part.evaluate((el) => {
        const style = getComputedStyle(el);
        return [style.transitionProperty, style.transitionDuration];
      });
      expect(property === "none" || /^0s(, 0s)*$/.test(duration), `${property} ${duration}`).toBe(true);
    }
    await pressByKeyboard(page, "Abrir");
    await expect(page.getByTestId("gift-answer")).toContainText(PRIZE);
    await expectReveal(page, "won");
  });

  test("the editor chooses the game with a live preview, and the rules page names it", async ({ page, browser }) => {
    const w = await setup(browser);
    await skipTour(page);
    // A shop of its own: the setup's wheels stay as they are.
    const { email, password } = await signupByApi(page, "Loja do Editor");
    await signInByApi(page, { email, password });
    await page.goto("/admin/wheels/nova");
    const form = page.getByRole("form", { name: "Nova roleta" });
    await form.getByLabel("Nome").fill("Raspadinha de Verão");
    await expect(form.getByRole("figure", { name: "Prévia da roleta no celular" })).toBeVisible();
    await form.getByRole("radio", { name: /Raspadinha/ }).check();
    await expect(form.getByRole("figure", { name: "Prévia da raspadinha no celular" })).toBeVisible();
    await expect(form.getByTestId("scratch-card")).toBeVisible();
    await form.getByRole("radio", { name: /Abra o presente/ }).check();
    await expect(form.getByRole("figure", { name: "Prévia do presente no celular" })).toBeVisible();
    await expect(form.getByTestId("gift-box")).toBeVisible();
    await expectAccessible(page, "wheel editor with the gift box chosen");
    await form.getByRole("button", { name: "Salvar roleta" }).click();
    await expect(page.getByText("Roleta criada com sucesso!")).toBeVisible();
    const edit = page.getByRole("form", { name: "Editar roleta" });
    await expect(edit.getByRole("radio", { name: /Abra o presente/ })).toBeChecked();

    await page.goto(`/w/${w.company}/${w.slugs.scratch.won}/regulamento`);
    await expect(page.getByTestId("rules-game")).toContainText("Jogo: Raspadinha.");
    await expect(page.getByText(/raspe a raspadinha/)).toBeVisible();
  });
});
