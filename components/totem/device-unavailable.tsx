/** A revoked or unknown device link (or a wheel that is gone), for the totem and the big screen alike. */
export function DeviceUnavailable({ title, text }: { title: string; text: string }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gray-50 px-6 text-center">
      <p className="text-5xl" aria-hidden>
        🔒
      </p>
      <h1 className="mt-4 text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mt-2 max-w-md text-lg text-gray-700">{text}</p>
    </main>
  );
}
