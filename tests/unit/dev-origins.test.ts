// The dev server opened as http://127.0.0.1:3000 (issue 50 #2): `next dev` refused its own HMR socket
// and client chunks to an origin it was not told of, so the login page never hydrated and "Entrar"
// stayed disabled. next.config.mjs names both loopback names; Next's own check decides here.
import { describe, expect, it } from "vitest";
import { blockCrossSiteDEV } from "next/dist/server/lib/router-utils/block-cross-site-dev";
import nextConfig from "../../next.config.mjs";

const hmr = (origin: string) => ({ url: "/_next/webpack-hmr", headers: { origin } });
const answer = () => ({ statusCode: 200, end: () => {} });

describe("next dev's allowed origins", () => {
  it("serve its dev resources to a page opened as 127.0.0.1 as to localhost", () => {
    for (const origin of ["http://127.0.0.1:3000", "http://localhost:3000"])
      expect(blockCrossSiteDEV(hmr(origin) as never, answer() as never, nextConfig.allowedDevOrigins, undefined)).toBe(
        false,
      );
  });

  it("would refuse 127.0.0.1 without them, and still refuse another site", () => {
    expect(blockCrossSiteDEV(hmr("http://127.0.0.1:3000") as never, answer() as never, undefined, undefined)).toBe(
      true,
    );
    expect(
      blockCrossSiteDEV(
        hmr("https://evil.example") as never,
        answer() as never,
        nextConfig.allowedDevOrigins,
        undefined,
      ),
    ).toBe(true);
  });
});
