// The outside review's browser findings (issue 17): the open redirect through callbackUrl, and
// cookie-session writes that are not same-origin JSON.
import { expect, test } from "@playwright/test";
import { DEMO, fromThisSite, signInByApi, skipTour } from "./helpers";

test.beforeEach(async ({ page }) => skipTour(page));

// Each would leave the site if followed as written: the browser drops the tab, reads "\" as "/".
// The last ones become "//evil.example" only once the URL parser collapses their dot segments.
const HOSTILE = [
  "%2F%09%2Fevil.example",
  "%2F%2Fevil.example",
  "%2F%5Cevil.example",
  "https%3A%2F%2Fevil.example%2F",
  "%2F.%2F%2Fevil.example%2Fphish",
  "%2F..%2F%2Fevil.example",
  "%2F%252e%2F%2Fevil.example",
  "%2Fx%2F..%2F%2Fevil.example",
];

test("a callbackUrl that would leave the site lands on /admin after login", async ({ page, baseURL }) => {
  // One full sign-in (bcrypt, page loads) per hostile form: ten of them outgrow the default 60 s.
  test.slow();
  for (const callback of HOSTILE) {
    await page.context().clearCookies();
    await page.goto(`/admin/login?callbackUrl=${callback}`);
    await page.getByLabel("Email").fill(DEMO.owner.email);
    await page.getByLabel("Senha", { exact: true }).fill(DEMO.owner.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page, callback).toHaveURL(`${baseURL}/admin`);
    await expect(page.getByText("Loja Demo").first()).toBeVisible();
  }
  // Already signed in: the login screen sends the visitor on at once, by the same rule.
  await page.goto(`/admin/login?callbackUrl=${HOSTILE[0]}`);
  await expect(page).toHaveURL(`${baseURL}/admin`);
});

test("cookie writes: the browser's own JSON calls pass; text/plain and other origins do not", async ({ page }) => {
  await signInByApi(page, DEMO.admin);
  await page.goto("/admin/profile");
  const put = (contentType: string) =>
    page.evaluate(
      async (type) =>
        (
          await fetch("/api/user/profile", {
            method: "PUT",
            headers: { "content-type": type },
            body: JSON.stringify({ name: "Bruno (administrador)" }),
          })
        ).status,
      contentType,
    );
  expect(await put("application/json")).toBe(200);
  expect(await put("text/plain")).toBe(415);

  const body = { data: { name: "Nome Forjado" } };
  const foreign = await page.request.put("/api/user/profile", { ...body, headers: { origin: "https://evil.example" } });
  expect(foreign.status()).toBe(403);
  expect((await foreign.json()).code).toBe("CSRF");
  const noOrigin = await page.request.put("/api/user/profile", body);
  expect(noOrigin.status()).toBe(403);
  const ours = await page.request.put("/api/user/profile", {
    data: { name: "Bruno (administrador)" },
    headers: fromThisSite(),
  });
  expect(ours.status()).toBe(200);
});
