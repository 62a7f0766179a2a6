// The public pages' inline scripts (lib/embed/frame-script.ts, lib/public-page/form-script.ts):
// valid JavaScript, and the server's values cannot end the <script> element they are written into.
import { describe, expect, it } from "vitest";
import { PUBLIC_FORM_SCRIPT } from "@/lib/public-page/form-script";
import { embedFrameScript } from "@/lib/embed/frame-script";

describe("embedFrameScript", () => {
  it("is a script that parses, with the wheel's sites and whether it plays", () => {
    const script = embedFrameScript(["https://loja.example"], true);
    expect(() => new Function(script)).not.toThrow();
    expect(script).toMatch(/\}\)\(\["https:\/\/loja\.example"\], true\);$/);
    expect(embedFrameScript(null, false)).toMatch(/\}\)\(null, false\);$/);
  });

  it("writes no '<' of the server's values into the page", () => {
    const script = embedFrameScript(["https://x.example/</script><script>alert(1)</script>"], true);
    expect(script).not.toContain("</script>");
    expect(script).toContain("\\u003c/script>");
  });
});

describe("PUBLIC_FORM_SCRIPT", () => {
  it("is one statement that parses and calls itself, with no '</' to end its <script> element", () => {
    expect(() => new Function(PUBLIC_FORM_SCRIPT)).not.toThrow();
    expect(PUBLIC_FORM_SCRIPT).toMatch(/^\(function \(\) \{[\s\S]*\}\)\(\);$/);
    expect(PUBLIC_FORM_SCRIPT).not.toContain("</");
  });
});
