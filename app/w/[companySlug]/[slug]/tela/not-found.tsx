import { DEVICE_MESSAGES } from "@/lib/copy/devices";

/** A revoked or unknown big-screen link (or a wheel that is gone): say so plainly, in pt-BR. */
export default function ScreenNotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gray-50 px-6 text-center">
      <p className="text-5xl" aria-hidden>
        🔒
      </p>
      <h1 className="mt-4 text-2xl font-bold text-gray-900">Tela indisponível</h1>
      <p className="mt-2 max-w-md text-lg text-gray-700">{DEVICE_MESSAGES.screenRevoked}</p>
    </main>
  );
}
