// The leads table's "Origem": the device for totem and big-screen spins, not "Link direto".
import { describe, expect, it } from "vitest";
import { leadOrigin } from "@/components/leads/origin";

const none = { device_name: null, device_kind: null, source_name: null, utm_source: null };

describe("leadOrigin", () => {
  it("names the totem or the big screen first, then the source, then the link", () => {
    expect(leadOrigin({ ...none, device_name: "Entrada", device_kind: "totem", source_name: "Feira" })).toBe(
      "Totem: Entrada",
    );
    expect(leadOrigin({ ...none, device_name: "TV do estande", device_kind: "screen" })).toBe("Telão: TV do estande");
    expect(leadOrigin({ ...none, source_name: "Instagram", utm_source: "ig" })).toBe("Instagram");
    expect(leadOrigin({ ...none, utm_source: "ig" })).toBe("ig");
    expect(leadOrigin(none)).toBe("Link direto");
  });
});
