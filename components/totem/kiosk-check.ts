// The totem asks the server, never what it loaded, whether leaving (or resuming) needs the staff PIN
// and whether its link still works: POST .../kiosk/exit with no PIN answers { ok, pin_required },
// never counted as a wrong try, and 403 DEVICE_REVOKED once the link was revoked (issue 49). Plain
// fetch: the attract screen's first load stays small (docs/decisions/performance.md).

/** "free": no PIN now; "pin": the PIN is needed; "revoked": the link was revoked; "offline": no answer. */
export type KioskAnswer = "free" | "pin" | "revoked" | "offline";

/** How often the attract screen checks its link. */
export const CHECK_MS = 60_000;

export async function askKiosk(wheelPath: string, device: string): Promise<KioskAnswer> {
  try {
    const res = await fetch(`/api${wheelPath}/kiosk/exit`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ device }),
      signal: AbortSignal.timeout(10_000),
    });
    const data = (await res.json().catch(() => ({}))) as { code?: string; pin_required?: boolean };
    if (res.status === 403 && data.code === "DEVICE_REVOKED") return "revoked";
    if (!res.ok) return "offline";
    return data.pin_required ? "pin" : "free";
  } catch {
    return "offline";
  }
}
