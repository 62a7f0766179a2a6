// A plain <a>, not next/link: this page is in every page's tree, and next/link's code would be in
// every page's first load (the public wheel's included).

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <p className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-gray-900">Página não encontrada</h1>
      <p className="mt-2 text-gray-600">O endereço que você acessou não existe ou foi removido.</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- next/link would weigh on every page */}
      <a href="/" className="mt-6 rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        Voltar para o início
      </a>
    </main>
  );
}
