// Invitation e-mails (docs/api.md "Invitations"): at most 30 per company per hour and 3 per address
// per day, and the company name a user typed never becomes a link in the mail a client renders.
import { describe, expect, it } from "vitest";
import { POST as inviteRoute } from "@/app/api/users/invitations/route";
import { createCompany } from "../helpers/fixtures";
import { call, uniqueEmail } from "../helpers/http";
import { latestMail } from "../helpers/outbox";

const invite = (token: string, email: string) => call(inviteRoute, { token, body: { email, role: "member" } });

// What a mail client's linkifier takes for a host name. Labels are runs of anything but spaces,
// punctuation and control characters (linkify-it's rule, which also lets invisible format
// characters such as U+2060 into a label), joined by a dot or one of the dots IDNA reads as one.
const HOST = /[^\p{Z}\s\p{P}\p{Cc}<>|]+(?:[.\u3002\uFF0E\uFF61][^\p{Z}\s\p{P}\p{Cc}<>|]+)+/gu;
const linkable = (s: string) => [...s.matchAll(HOST)].map((m) => m[0]);

/** What a reader makes of it: look-alike characters read as what they look like, invisible ones unseen. */
const reading = (s: string) => s.normalize("NFKC").replace(/\p{Cf}/gu, "");

/** The text an HTML body shows: tags dropped, entities decoded. */
function shownText(html: string) {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

// Dozens of invitations (and the file's first database work): more than 30 s on a busy machine.
describe("invitation e-mail limits", { timeout: 180_000 }, () => {
  it("sends 3 to one address in a day, whichever companies send them; the 4th answers 429", async () => {
    const [a, b] = [await createCompany("Loja A"), await createCompany("Loja B")];
    const email = uniqueEmail("alvo");
    for (const token of [a.owner.token, a.owner.token, b.owner.token])
      expect((await invite(token, email)).status).toBe(201);
    const refused = await invite(b.owner.token, email);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("Este email já recebeu 3 convites nas últimas 24 horas. Tente novamente amanhã.");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3600);
    // Another address is not held back.
    expect((await invite(b.owner.token, uniqueEmail("outro"))).status).toBe(201);
  });

  it("sends 30 a company in an hour; the 31st answers 429 with Retry-After", async () => {
    const c = await createCompany("Loja Convites");
    const full = uniqueEmail("cheio");
    const other = await createCompany("Outra Loja");
    for (let i = 0; i < 3; i++) expect((await invite(other.owner.token, full)).status).toBe(201);
    for (let i = 0; i < 29; i++) expect((await invite(c.owner.token, uniqueEmail(`lote${i}`))).status).toBe(201);
    // Refused for the address: no e-mail went out, so the company keeps its 30th.
    expect((await invite(c.owner.token, full)).status).toBe(429);
    expect((await invite(c.owner.token, uniqueEmail("trigesimo"))).status).toBe(201);
    const email = uniqueEmail("trigesimo-primeiro");
    const refused = await invite(c.owner.token, email);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("Limite de convites atingido: até 30 por hora. Tente novamente mais tarde.");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    await expect(latestMail(email)).rejects.toThrow("no email");
    // Another company is not held back by this one.
    expect((await invite(other.owner.token, email)).status).toBe(201);
  });
});

describe("user-typed text in invitation e-mails", () => {
  it("a company named evil.com/phish is no link in the subject, the text or the HTML", async () => {
    const c = await createCompany("evil.com/phish");
    const email = uniqueEmail("convidado");
    expect((await invite(c.owner.token, email)).status).toBe(201);
    const mail = await latestMail(email);
    expect(mail.html).toBeTruthy();
    for (const shown of [mail.subject, mail.text, shownText(mail.html!)]) {
      // The name is still there for the reader (the dot looks the same)...
      expect(reading(shown)).toContain("evil.com/phish");
      // ...but nothing a linkifier reads as a host carries it.
      expect(linkable(shown).filter((host) => /evil|phish/i.test(host))).toEqual([]);
    }
    // The HTML's only link is the invitation's own.
    expect([...mail.html!.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      expect.stringMatching(/^http:\/\/localhost:3000\/convite\/[A-Za-z0-9_-]+$/),
    ]);
    expect(mail.text).toMatch(/\nhttp:\/\/localhost:3000\/convite\/[A-Za-z0-9_-]+\n/);
  });

  it("HTML in a company name is shown as text, never as markup", async () => {
    const c = await createCompany('<a href="https://evil.example">Clique</a> & <b>Cia</b>');
    const email = uniqueEmail("html");
    expect((await invite(c.owner.token, email)).status).toBe(201);
    const { html } = await latestMail(email);
    expect(html).not.toContain('<a href="https://evil');
    expect(html).not.toContain("<b>");
    expect(reading(shownText(html!))).toContain('<a href="https://evil.example">Clique</a> & <b>Cia</b>');
  });
});
