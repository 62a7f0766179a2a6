import { PUBLIC_MESSAGES } from "@/lib/copy/public-rules";

export default function WheelNotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gray-50 px-4 text-center">
      <p className="text-5xl" aria-hidden>
        🎡
      </p>
      <h1 className="mt-4 text-2xl font-bold text-gray-900">{PUBLIC_MESSAGES.notFound}</h1>
      <p className="mt-2 max-w-sm text-gray-700">{PUBLIC_MESSAGES.notFoundText}</p>
      {/* A way out: the visitor did not come from our site, so the start page rather than "back". A plain
          link: next/link would add the client router's link code to every wheel page's first load. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
      <a
        href="/"
        className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        Ir para a página inicial
      </a>
    </main>
  );
}
