// A device's token: 32 random bytes (base64url), shown once in the device's link; only its SHA-256
// is stored (WheelDevice.tokenHash), so a database leak gives no working totem or screen link.
import { createHash, randomBytes } from "node:crypto";

export const newDeviceToken = () => randomBytes(32).toString("base64url");

export const hashDeviceToken = (token: string) => createHash("sha256").update(token).digest("hex");
