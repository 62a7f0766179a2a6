// The client's address (lib/net/client-ip.ts): X-Forwarded-For is read only from a trusted peer.
// TRUST_PROXY=true trusts every peer (a proxy the app cannot be reached around); a list of
// addresses/CIDRs trusts only those peers, so a client that reaches the app's port directly cannot
// pick its own address (docs/decisions/security.md "Public edge").
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { clientIp, fromTrustedProxy } from "@/lib/net/client-ip";
import { SOCKET_ADDRESS_HEADER } from "@/lib/net/socket-address";

const request = (socket: string, xff?: string) =>
  new Headers({ [SOCKET_ADDRESS_HEADER]: socket, ...(xff ? { "x-forwarded-for": xff } : {}) });

function trust(value: string) {
  process.env.TRUST_PROXY = value;
  resetEnvCache();
}

afterEach(() => trust("true"));

describe("clientIp", () => {
  it("false: the socket's address, whatever the client sends", () => {
    trust("false");
    expect(clientIp(request("203.0.113.9", "1.2.3.4"))).toBe("203.0.113.9");
    expect(fromTrustedProxy(request("203.0.113.9"))).toBe(false);
  });

  it("true: the last X-Forwarded-For entry (today's meaning)", () => {
    trust("true");
    expect(clientIp(request("203.0.113.9", "1.2.3.4, 198.51.100.7"))).toBe("198.51.100.7");
    expect(clientIp(request("203.0.113.9"))).toBe("203.0.113.9");
  });

  it("a list: a spoofed X-Forwarded-For from a peer not listed is ignored", () => {
    trust("10.0.0.2, 172.18.0.0/16");
    expect(clientIp(request("203.0.113.9", "1.2.3.4"))).toBe("203.0.113.9");
    expect(fromTrustedProxy(request("203.0.113.9"))).toBe(false);
    expect(clientIp(request("10.0.0.3", "1.2.3.4"))).toBe("10.0.0.3");
  });

  it("a list: a listed peer's X-Forwarded-For counts, its own proxies skipped from the right", () => {
    trust("10.0.0.2,172.18.0.0/16");
    expect(clientIp(request("10.0.0.2", "1.2.3.4"))).toBe("1.2.3.4");
    expect(clientIp(request("172.18.5.6", "9.9.9.9, 1.2.3.4, 172.18.0.7"))).toBe("1.2.3.4");
    // A dual-stack socket shows an IPv4 peer as ::ffff:a.b.c.d.
    expect(clientIp(request("::ffff:10.0.0.2", "1.2.3.4"))).toBe("1.2.3.4");
    expect(fromTrustedProxy(request("::ffff:172.18.1.1"))).toBe(true);
  });

  it("a list of IPv6 ranges", () => {
    trust("fd00::/8");
    expect(clientIp(request("fd12::1", "2001:db8::5"))).toBe("2001:db8::5");
    expect(clientIp(request("2001:db8::9", "1.2.3.4"))).toBe("2001:db8::9");
  });

  it("refuses a malformed list, naming the variable", () => {
    for (const bad of ["10.0.0.300", "proxy.example.com", "10.0.0.0/33", "fd00::/129", "10.0.0.1,,yes"]) {
      trust(bad);
      expect(() => clientIp(request("10.0.0.1")), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
