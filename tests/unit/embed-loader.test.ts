// The embed loader's budget (docs/api.md "The online store: the embed (issue 25)"): at most 6,000 bytes
// gzipped, measured on the built file (scripts/build-embed.mjs, part of npm run generate); and the
// snippet, preview options and field rules of the admin's wizard.
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/embed.js/route";
import { GET as tabScript } from "@/app/embed-tab.js/route";
import { EMBED_LOADER_CODE, EMBED_LOADER_HASH, EMBED_TAB_CODE, EMBED_TAB_HASH } from "@/lib/generated/embed-loader";
import {
  previewOptions,
  snippet,
  TRIGGER_PARAM_START,
  WIZARD_MESSAGES,
  wizardDays,
  wizardTrigger,
} from "@/lib/embed/snippet";
import { originFromLine } from "@/lib/validation/embed";

describe("embed loader", () => {
  it("is at most 6,000 bytes gzipped, and has no import left", () => {
    const size = gzipSync(EMBED_LOADER_CODE, { level: 9 }).length;
    expect(size).toBeLessThanOrEqual(6000);
    // Everything bundled, but the one module fetched on demand: the prize tab (/embed-tab.js).
    expect(EMBED_LOADER_CODE).not.toMatch(/\brequire\(/);
    expect(EMBED_LOADER_CODE.match(/\bimport\s*[({"']/g)).toHaveLength(1);
    expect(EMBED_LOADER_CODE).toContain(`/embed-tab.js?v=${EMBED_TAB_HASH}`);
  });

  it("/embed-tab.js serves the prize tab's module, cached for good under its hash, to any site", async () => {
    const tab = tabScript(new Request(`http://localhost/embed-tab.js?v=${EMBED_TAB_HASH}`));
    expect(tab.status).toBe(200);
    expect(tab.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(tab.headers.get("access-control-allow-origin")).toBe("*");
    const code = await tab.text();
    expect(code).toBe(EMBED_TAB_CODE);
    expect(code).toMatch(/export\s*\{[^}]*prizeTab/);
    expect(tabScript(new Request("http://localhost/embed-tab.js?v=000000000000")).status).toBe(404);
  });

  it("/embed.js revalidates by its ETag; the hashed address is immutable; another hash is 404", async () => {
    const stable = GET(new Request("http://localhost/embed.js"));
    expect(stable.status).toBe(200);
    expect(stable.headers.get("cache-control")).toBe("public, max-age=3600, stale-while-revalidate=86400");
    expect(stable.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await stable.text()).toBe(EMBED_LOADER_CODE);
    const etag = stable.headers.get("etag")!;
    expect(GET(new Request("http://localhost/embed.js", { headers: { "if-none-match": etag } })).status).toBe(304);
    const pinned = GET(new Request(`http://localhost/embed.js?v=${EMBED_LOADER_HASH}`));
    expect(pinned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const byPath = GET(new Request(`http://localhost/embed.${EMBED_LOADER_HASH}.js`));
    expect(byPath.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(GET(new Request("http://localhost/embed.js?v=000000000000")).status).toBe(404);
  });

  it("writes the snippet without defaults, escaped; the preview takes only what the loader accepts", () => {
    expect(
      snippet("https://app.example/", { company: "loja", wheel: "natal", display: "popup", frequencyDays: 7 }),
    ).toBe('<script async src="https://app.example/embed.js" data-company="loja" data-wheel="natal"></script>');
    expect(
      snippet("https://app.example", {
        company: "loja",
        wheel: "natal",
        trigger: 'click:a[href="#x"]',
        display: "tab",
      }),
    ).toContain('data-trigger="click:a[href=&quot;#x&quot;]" data-display="tab"');
    expect(previewOptions({ company: "loja", wheel: "natal", trigger: "scroll:40", display: "tab" })).toMatchObject({
      trigger: "scroll:40",
      display: "tab",
    });
    expect(previewOptions({ company: "loja", wheel: "natal", trigger: "click:<script>" })?.trigger).toBe("delay:1");
    expect(previewOptions({ company: "Loja Grande", wheel: "natal" })).toBeNull();
  });
});

describe("the embed wizard's fields", () => {
  const selector = (s: string) => !/^\d/.test(s) && !s.includes("(");
  it("writes no data-trigger for the default; refuses what the field cannot be", () => {
    expect(wizardTrigger("auto", "", selector)).toEqual({ trigger: "" });
    expect(wizardTrigger("exit", "50", selector)).toEqual({ trigger: "exit" });
    expect(wizardTrigger("delay", " 8 ", selector)).toEqual({ trigger: "delay:8" });
    expect(wizardTrigger("delay", "dez", selector)).toEqual({ error: WIZARD_MESSAGES.delay });
    expect(wizardTrigger("delay", "-3", selector)).toEqual({ error: WIZARD_MESSAGES.delay });
    expect(wizardTrigger("scroll", "0", selector)).toEqual({ error: WIZARD_MESSAGES.scroll });
    expect(wizardTrigger("scroll", "101", selector)).toEqual({ error: WIZARD_MESSAGES.scroll });
    expect(wizardTrigger("scroll", "40", selector)).toEqual({ trigger: "scroll:40" });
    expect(wizardTrigger("click", "#girar", selector)).toEqual({ trigger: "click:#girar" });
    for (const bad of ["", "50", 'a[href="x"]<', "a("])
      expect(wizardTrigger("click", bad, selector), bad).toEqual({ error: WIZARD_MESSAGES.click });
    expect(TRIGGER_PARAM_START).toEqual({ delay: "8", scroll: "50", click: "" });
    expect([wizardDays("0"), wizardDays("365"), wizardDays("366"), wizardDays("-3"), wizardDays("dez")]).toEqual([
      0,
      365,
      null,
      null,
      null,
    ]);
  });

  it("adds https:// to a bare host in the sites box; the rest is the API's rule", () => {
    expect(originFromLine(" lojadapraia.com.br ")).toBe("https://lojadapraia.com.br");
    expect(originFromLine("WWW.Loja.com.br/")).toBe("https://www.loja.com.br");
    expect(originFromLine("http://loja.com.br")).toBeNull();
    expect(originFromLine("loja.com.br;sandbox")).toBeNull();
    expect(originFromLine("loja.com.br/produtos")).toBeNull();
  });
});
