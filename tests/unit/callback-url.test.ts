// Where sign-in sends the browser (docs/api.md, "Auth and team"): the callbackUrl is judged after
// the URL parser has normalised it, so dot segments, encoded dots, tabs and backslashes that turn
// into "//host" on the way are refused. A corpus of the bypasses reported so far, the same corpus
// through the login page and next-auth's redirect callback, and a property over arbitrary input.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import LoginPage from "@/app/login/page";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { authOptions } from "@/lib/auth/next-auth";

const ORIGIN = "http://localhost:3000";

// Each of these, followed as written, lands on another host (or is meant to).
const HOSTILE = [
  "//evil.com",
  "///evil.com",
  "/.//evil.com/phish",
  "/..//evil.com",
  "/./..//evil.com",
  "/%2e//evil.com",
  "/%2E//evil.com",
  "/%2e%2e//evil.com",
  "/.%2e//evil.com",
  "/x/..//evil.com",
  "/x/%2e%2e//evil.com",
  "/admin/../..//evil.com",
  "/\t/evil.com",
  "/\n/evil.com",
  "/\r\n/evil.com",
  "/\\evil.com",
  "\\\\evil.com",
  "/\\/evil.com",
  "\\/evil.com",
  "/.\\/evil.com",
  " //evil.com",
  " /.//evil.com",
  "\t//evil.com",
  "\u0000//evil.com",
  "\u001f/.//evil.com",
  "https://evil.com",
  "https:\\\\evil.com",
  "javascript:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  `${ORIGIN}.evil.com/`,
  `${ORIGIN}@evil.com/`,
  `${ORIGIN}//evil.com`,
  `${ORIGIN}/.//evil.com`,
  "http://site.invalid//evil.com",
];

// Encoded forms: what reaches the page is the query value decoded once, so these stay encoded in
// the path. They may stay on the site as an odd path, but never become "//host". So do a few that
// look like another host but are a path here ("http:evil.com" is "/evil.com" on an http site).
const ENCODED = [
  "\u00a0//evil.com",
  "http:evil.com",
  "http:/evil.com",
  "%2F%2Fevil.com",
  "/%2F/evil.com",
  "/%2f%2fevil.com",
  "/%5C/evil.com",
  "/%5c%5cevil.com",
  "/%252F%252Fevil.com",
  "/%252e//evil.com",
  "/%09/evil.com",
  "/%2e%2f/evil.com",
  "%2e%2e%2f%2fevil.com",
];

/** Passes when `target` is /admin or a path of this site that a browser cannot read as another host. */
function expectOnSite(target: string, input: string) {
  if (target === "/admin") return;
  expect(target, input).toMatch(/^\/(?![/\\])/);
  expect(target, input).not.toMatch(/[\u0000-\u0020\u007f-\u00a0\\]/);
  const followed = new URL(target, ORIGIN);
  expect(followed.origin, input).toBe(ORIGIN);
  expect(followed.pathname.startsWith("//"), input).toBe(false);
  // Read again, it stays put: a second normalisation finds nothing left to collapse.
  expect(safeCallbackUrl(target, "/admin", ORIGIN), input).toBe(target);
}

describe("safeCallbackUrl", () => {
  it.each(HOSTILE)("refuses %j", (value) => {
    expect(safeCallbackUrl(value)).toBe("/admin");
    expect(safeCallbackUrl(value, "/admin", ORIGIN)).toBe("/admin");
  });

  it.each(ENCODED)("keeps %j on the site", (value) => {
    expectOnSite(safeCallbackUrl(value), value);
    expectOnSite(safeCallbackUrl(value, "/admin", ORIGIN), value);
    expectOnSite(safeCallbackUrl(decodeURIComponent(value), "/admin", ORIGIN), value);
  });

  it("follows this site's own paths, normalised", () => {
    expect(safeCallbackUrl("/admin/wheels?page=2#top")).toBe("/admin/wheels?page=2#top");
    expect(safeCallbackUrl("/convite/abc")).toBe("/convite/abc");
    expect(safeCallbackUrl("/admin/./leads")).toBe("/admin/leads");
    expect(safeCallbackUrl("/x/../admin/leads")).toBe("/admin/leads");
    expect(safeCallbackUrl(`${ORIGIN}/admin/leads`, "/admin", ORIGIN)).toBe("/admin/leads");
    expect(safeCallbackUrl("admin/leads")).toBe("/admin/leads");
    expect(safeCallbackUrl("")).toBe("/admin");
    expect(safeCallbackUrl(null)).toBe("/admin");
  });

  // Strings built from the pieces the bypasses are made of, plus anything at all.
  const piece = fc.constantFrom(
    "/",
    "//",
    "\\",
    ".",
    "..",
    "%2e",
    "%2E",
    "%2f",
    "%2F",
    "%5c",
    "%5C",
    "%25",
    "%09",
    "\t",
    "\n",
    "\r",
    " ",
    "\u0000",
    "\u00a0",
    "\u2028",
    "evil.com",
    "@",
    ":",
    "?",
    "#",
    "http:",
    "https:",
    "javascript:",
    "localhost:3000",
    ORIGIN,
    "admin",
    "x",
  );
  const input = fc.oneof(
    fc.array(piece, { maxLength: 8 }).map((p) => p.join("")),
    fc.string(),
    fc.webUrl(),
  );

  it("whatever the input, the result is /admin or a path of this site that cannot leave it", () => {
    fc.assert(
      fc.property(input, (value) => {
        expectOnSite(safeCallbackUrl(value), value);
        expectOnSite(safeCallbackUrl(value, "/admin", ORIGIN), value);
      }),
      { numRuns: 5000 },
    );
  });
});

describe("the places that follow callbackUrl", () => {
  const ALL = [...HOSTILE, ...ENCODED];

  it("the login page hands the form a target on this site", async () => {
    for (const callbackUrl of ALL) {
      const page = await LoginPage({ searchParams: Promise.resolve({ callbackUrl }) });
      expectOnSite((page.props as { target: string }).target, callbackUrl);
    }
    const page = await LoginPage({ searchParams: Promise.resolve({ callbackUrl: "/admin/leads" }) });
    expect((page.props as { target: string }).target).toBe("/admin/leads");
  });

  it("next-auth's redirect callback stays on this site", async () => {
    const redirect = authOptions().callbacks!.redirect!;
    for (const url of ALL) {
      const to = await redirect({ url, baseUrl: ORIGIN });
      expect(to.startsWith(`${ORIGIN}/`), url).toBe(true);
      expectOnSite(to.slice(ORIGIN.length), url);
    }
    expect(await redirect({ url: `${ORIGIN}/admin/leads`, baseUrl: ORIGIN })).toBe(`${ORIGIN}/admin/leads`);
  });
});
