import { DeviceUnavailable } from "@/components/totem/device-unavailable";
import { DEVICE_MESSAGES } from "@/lib/copy/devices";

export default function TotemNotFound() {
  return <DeviceUnavailable title="Totem indisponível" text={DEVICE_MESSAGES.revoked} />;
}
