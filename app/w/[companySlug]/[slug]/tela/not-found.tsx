import { DeviceUnavailable } from "@/components/totem/device-unavailable";
import { DEVICE_MESSAGES } from "@/lib/copy/devices";

export default function ScreenNotFound() {
  return <DeviceUnavailable title="Tela indisponível" text={DEVICE_MESSAGES.screenRevoked} />;
}
