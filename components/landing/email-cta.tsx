// The landing page's email form: a plain GET form, so it works before any JavaScript loads and
// the browser encodes the email into /admin/signup?email=...
export function EmailCta({ id, dark = false }: { id: string; dark?: boolean }) {
  return (
    <form action="/admin/signup" method="get" className="flex w-full max-w-lg flex-col gap-3 sm:flex-row">
      <label htmlFor={id} className="sr-only">
        Seu email
      </label>
      <input
        id={id}
        name="email"
        type="email"
        required
        placeholder="seu@email.com.br"
        autoComplete="email"
        className={`flex-1 rounded-lg border px-4 py-3 text-base text-gray-900 placeholder:text-gray-500 focus:ring-2 focus:outline-none ${dark ? "border-white/40 focus:ring-white" : "border-gray-300 focus:ring-brand-600"}`}
      />
      <button
        type="submit"
        className={`rounded-lg px-6 py-3 font-semibold ${dark ? "bg-white text-brand-800 hover:bg-brand-50" : "bg-brand-600 text-white hover:bg-brand-700"}`}
      >
        Começar Grátis
      </button>
    </form>
  );
}
