"use client";
// A pool product's unique codes (docs/api.md "Unique codes (issue 26)"): paste or a CSV file (up to 100,000, sent in
// calls of 10,000; duplicates reported, not errors), the list with status and search, removal of an
// unused code, and the export of the assigned ones.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { SearchInput } from "@/components/ui/search-input";
import type { addCodes, listCodes } from "@/lib/products/codes";
import { api, FetchError } from "@/lib/swr/fetcher";
import { useApi } from "@/lib/swr/use-api";
import { notify } from "@/lib/ui/toast";
import { CODES_PER_CALL, CODES_PER_UPLOAD, CODE_MESSAGES, parseCodes } from "@/lib/validation/codes";

type CodesAnswer = Awaited<ReturnType<typeof listCodes>>;
type AddAnswer = Awaited<ReturnType<typeof addCodes>>;

const STATUS_LABEL = { available: "Disponível", assigned: "Atribuído" } as const;

export function CodesPanel({ productId }: { productId: string }) {
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<"" | "available" | "assigned">("");
  const [page, setPage] = useState(1);
  const path = `/products/${productId}/codes`;
  const query = useApi<CodesAnswer>(path, {
    query: { page, limit: 20, search, status },
    errorText: "Erro ao carregar os códigos",
  });

  async function upload(source: string) {
    const { codes, invalid } = parseCodes(source);
    if (!codes.length) return notify.error(invalid.length ? CODE_MESSAGES.code : CODE_MESSAGES.codes);
    if (codes.length > CODES_PER_UPLOAD) return notify.error(CODE_MESSAGES.fileTooBig);
    setBusy(true);
    let added = 0;
    let duplicates = 0;
    try {
      for (let i = 0; i < codes.length; i += CODES_PER_CALL) {
        const body = { codes: codes.slice(i, i + CODES_PER_CALL) };
        const answer = await api<AddAnswer>(path, { method: "POST", body });
        added += answer.added;
        duplicates += answer.duplicates.length;
      }
      setText("");
      const parts = [`${added} código(s) adicionado(s)`];
      if (duplicates) parts.push(`${duplicates} repetido(s) ignorado(s)`);
      if (invalid.length) parts.push(`${invalid.length} inválido(s) ignorado(s)`);
      setReport(`${parts.join(", ")}.`);
      // Green only when something was added (issue 38): all repeated or invalid is no success.
      if (added) notify.success(added === 1 ? "1 código adicionado!" : `${added} códigos adicionados!`);
      else notify.error(`Nenhum código novo adicionado: ${parts.slice(1).join(", ") || "nada a enviar"}.`);
      void query.mutate();
    } catch (err) {
      notify.error(err instanceof FetchError && err.message ? err.message : "Erro ao enviar os códigos");
    } finally {
      setBusy(false);
    }
  }

  async function remove(code: string) {
    try {
      await api(path, { method: "DELETE", body: { codes: [code] } });
      notify.success("Código removido");
      void query.mutate();
    } catch (err) {
      notify.error(err instanceof FetchError && err.message ? err.message : "Erro ao remover o código");
    }
  }

  return (
    <section aria-labelledby="codes-title" className="mt-6 space-y-4 border-t border-gray-200 pt-4">
      <h3 id="codes-title" className="text-base font-semibold text-gray-900">
        Códigos únicos
      </h3>
      <div className="space-y-2">
        <label htmlFor="codes-paste" className="block text-sm font-medium text-gray-700">
          Cole os códigos (um por linha) ou envie um arquivo CSV
        </label>
        <textarea
          id="codes-paste"
          rows={4}
          className={inputClass}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" loading={busy} disabled={busy || !text.trim()} onClick={() => void upload(text)}>
            Adicionar códigos
          </Button>
          <label className="cursor-pointer text-sm font-medium text-brand-700 underline">
            Enviar arquivo CSV
            <input
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              className="sr-only"
              disabled={busy}
              onChange={async (e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) await upload(await file.text());
              }}
            />
          </label>
          <a className="text-sm font-medium text-brand-700 underline" href={`/api${path}/export`}>
            Exportar códigos atribuídos
          </a>
        </div>
        {report && (
          <p role="status" className="text-sm text-gray-700">
            {report}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <SearchInput
          id="codes-search"
          label="Buscar código"
          placeholder="Buscar código"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
        <label htmlFor="codes-status" className="sr-only">
          Situação
        </label>
        <select
          id="codes-status"
          className={`${inputClass} sm:max-w-[12rem]`}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as typeof status);
            setPage(1);
          }}
        >
          <option value="">Todos</option>
          <option value="available">Disponíveis</option>
          <option value="assigned">Atribuídos</option>
        </select>
      </div>
      <QueryState query={query} isEmpty={(d) => !d.codes.length} empty="Nenhum código encontrado" loading="Carregando">
        {(d) => (
          <>
            <p className="text-sm text-gray-700">
              {d.summary.available} disponíveis · {d.summary.assigned} atribuídos · {d.summary.total} no total
            </p>
            <ul className="divide-y divide-gray-100 text-sm">
              {d.codes.map((c) => (
                <li key={c.code} className="flex items-center justify-between gap-2 py-2">
                  <span className="font-mono break-all">{c.code}</span>
                  <span className="flex items-center gap-2">
                    <span className="text-gray-700">{STATUS_LABEL[c.status]}</span>
                    {c.status === "available" && (
                      <Button type="button" variant="ghost" onClick={() => void remove(c.code)}>
                        Remover<span className="sr-only"> {c.code}</span>
                      </Button>
                    )}
                  </span>
                </li>
              ))}
            </ul>
            {d.pagination.totalPages > 1 && <Pager page={page} totalPages={d.pagination.totalPages} onPage={setPage} />}
          </>
        )}
      </QueryState>
    </section>
  );
}
