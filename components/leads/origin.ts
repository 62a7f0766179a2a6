// Where a lead came from, as the leads table shows it: the totem or big screen it was played on (by
// name, also once revoked), else its source or utm_source, else "Link direto".
import type { LeadAnswer } from "@/lib/api-types";

const DEVICE_LABEL = { totem: "Totem", screen: "Telão" } as const;

export function leadOrigin(l: Pick<LeadAnswer, "device_name" | "device_kind" | "source_name" | "utm_source">): string {
  if (l.device_name) return `${DEVICE_LABEL[l.device_kind ?? "totem"]}: ${l.device_name}`;
  return l.source_name ?? l.utm_source ?? "Link direto";
}
