export default function ClaimNotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gray-50 px-4 text-center">
      <p className="text-5xl" aria-hidden>
        🎁
      </p>
      <h1 className="mt-4 text-2xl font-bold text-gray-900">Prêmio não encontrado</h1>
      <p className="mt-2 max-w-sm text-gray-700">Confira o link recebido ou fale com a loja.</p>
    </main>
  );
}
