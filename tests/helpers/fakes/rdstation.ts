// A local RD Station Marketing API: POST /platform/conversions?api_key=<key> with a conversion event
// ({ event_type: "CONVERSION", event_family: "CDP", payload: { conversion_identifier, email, ... } }),
// 200 { event_uuid } when the key is right, 401 otherwise, 400 when the event is malformed; `fail(n)`
// makes the next n conversions answer 500 (throttle(n) from server.ts answers 429).
import { randomUUID } from "node:crypto";
import { startFake, type Fake } from "./server";

export const RDSTATION_KEY = "rd-api-key-0123456789abcd";

export type RdStationFake = Fake & { fail(n: number): void };

export async function startRdStation(): Promise<RdStationFake> {
  let failures = 0;
  const fake = await startFake((req, res) => {
    const url = new URL(req.path, "http://fake");
    if (req.method !== "POST" || url.pathname !== "/platform/conversions")
      return res.json(404, { errors: [{ error_type: "NOT_FOUND" }] });
    if (url.searchParams.get("api_key") !== RDSTATION_KEY)
      return res.json(401, { errors: [{ error_type: "UNAUTHORIZED", error_message: "Invalid API key" }] });
    const b = req.body as { event_type?: string; event_family?: string; payload?: Record<string, unknown> };
    if (b?.event_type !== "CONVERSION" || b.event_family !== "CDP" || typeof b.payload?.email !== "string")
      return res.json(400, { errors: [{ error_type: "INVALID_OPTION", path: "$.body" }] });
    if (failures > 0) {
      failures--;
      return res.json(500, { errors: [{ error_type: "INTERNAL_ERROR" }] });
    }
    res.json(200, { event_uuid: randomUUID() });
  });
  return Object.assign(fake, { fail: (n: number) => void (failures = n) });
}
