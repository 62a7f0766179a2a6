"use client";
// "Imprimir" on the rules page: the browser's print dialog (the page carries print styles).
export function PrintButton() {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded-lg border border-gray-400 px-3 py-2 text-sm font-medium text-gray-900 hover:bg-gray-100"
    >
      Imprimir
    </button>
  );
}
