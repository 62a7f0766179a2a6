"use client";
// "Origens": a wheel's placements (Balcão, Instagram...), each with its own link (?s=key), QR code
// and printable poster, so the leads say where they came from. Staff who manage wheels add and
// delete them; everyone who sees the wheel can copy, download and print. A source may belong to a
// unit (Unidades): the spins it brings are that unit's.
import { Copy, Printer, QrCode, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { Field, inputClass } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { QueryState } from "@/components/ui/query-state";
import { useApiForm } from "@/lib/forms/use-api-form";
import { endpoints } from "@/lib/swr/writes";
import { useSources, type Source } from "@/lib/swr/use-sources";
import { useUnits, type CompanyUnit } from "@/lib/swr/use-units";
import { notify } from "@/lib/ui/toast";
import { sourceInput } from "@/lib/validation/sources";

const linkButton =
  "inline-flex items-center gap-1 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50";

interface Props {
  wheel: { id: string; name: string } | null;
  canWrite: boolean;
  onClose: () => void;
}

function AddSource({ wheelId, units }: { wheelId: string; units: CompanyUnit[] }) {
  const { register, submit, reset, formState } = useApiForm(sourceInput, {
    // null, not "": without units the field is not on screen, and "" is no unit id (a silent refusal).
    defaultValues: { name: "", unit_id: null },
  });
  const add = submit(
    async (values) => {
      await endpoints.sources.create(wheelId, { ...values, unit_id: values.unit_id || null });
      notify.success("Origem criada!");
      reset({ name: "", unit_id: values.unit_id ?? null });
    },
    { fallback: "Erro ao criar origem" },
  );
  return (
    <form onSubmit={add} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <Field
        label="Nova origem"
        placeholder="Ex.: Balcão Centro, Instagram"
        maxLength={60}
        autoComplete="off"
        className="flex-1"
        error={formState.errors.name?.message}
        {...register("name")}
      />
      {units.length > 0 && (
        <div className="sm:w-48">
          <label htmlFor="source-unit" className="mb-1 block text-sm font-medium text-gray-700">
            Unidade
          </label>
          <select
            id="source-unit"
            className={inputClass}
            {...register("unit_id", { setValueAs: (v: string) => v || null })}
          >
            <option value="">Nenhuma</option>
            {units.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <Button type="submit" loading={formState.isSubmitting}>
        Adicionar
      </Button>
    </form>
  );
}

function SourceItem({
  wheelId,
  source,
  unitName,
  canWrite,
  onDelete,
}: {
  wheelId: string;
  source: Source;
  unitName: string | null;
  canWrite: boolean;
  onDelete: (s: Source) => void;
}) {
  const base = `/api/wheels/${wheelId}/sources/${source.id}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(source.url);
      notify.success("Link copiado!");
    } catch {
      notify.info(source.url, 8000);
    }
  }
  return (
    <li className="rounded-lg border border-gray-200 p-3">
      <p className="font-medium text-gray-900">
        {source.name}
        {unitName && <span className="ml-2 text-sm font-normal text-gray-700">· {unitName}</span>}
      </p>
      <p className="mt-1 font-mono text-xs break-all text-gray-700">{source.url}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className={linkButton}
          onClick={() => void copy()}
          aria-label={`Copiar link de ${source.name}`}
        >
          <Copy className="h-4 w-4" aria-hidden /> Copiar link
        </button>
        {[
          { label: "QR Code", icon: QrCode, href: `${base}/qr` },
          { label: "Cartaz A4", icon: Printer, href: `${base}/poster?format=a4` },
          { label: "Cartaz A5", icon: Printer, href: `${base}/poster?format=a5` },
        ].map(({ label, icon: Icon, href }) => (
          <a
            key={label}
            className={linkButton}
            href={href}
            target="_blank"
            rel="noopener"
            aria-label={`${label} de ${source.name}`}
          >
            <Icon className="h-4 w-4" aria-hidden /> {label}
          </a>
        ))}
        {canWrite && (
          <button
            type="button"
            className={`${linkButton} text-red-700`}
            onClick={() => onDelete(source)}
            aria-label={`Excluir ${source.name}`}
          >
            <Trash2 className="h-4 w-4" aria-hidden /> Excluir
          </button>
        )}
      </div>
    </li>
  );
}

/** The sources of a saved wheel: the form to add one (for those who manage wheels) and the list. */
export function SourcesPanel({ wheelId, canWrite }: { wheelId: string; canWrite: boolean }) {
  const sources = useSources(wheelId);
  // Units are listed to those who manage wheels (owner and admin: manage_units as well).
  const units = useUnits(canWrite).data?.units ?? [];
  const unitName = (id: string | null) => units.find((u) => u.id === id)?.name ?? null;
  const [deleting, setDeleting] = useState<Source | null>(null);
  // Another wheel's sources: a pending delete of the previous wheel's source is dropped.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- a reset on a prop change, not a data load
  useEffect(() => setDeleting(null), [wheelId]);
  return (
    <div className="space-y-4">
      {canWrite && <AddSource wheelId={wheelId} units={units} />}
      <QueryState
        query={sources}
        isEmpty={(d) => d.sources.length === 0}
        empty="Nenhuma origem cadastrada."
        loading="Carregando origens..."
      >
        {(d) => (
          <ul className="space-y-2" aria-label="Origens da roleta">
            {d.sources.map((s) => (
              <SourceItem
                key={s.id}
                wheelId={wheelId}
                source={s}
                unitName={unitName(s.unit_id)}
                canWrite={canWrite}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        )}
      </QueryState>
      <DeleteDialog
        target={deleting}
        title="Excluir origem"
        message={(s) => (
          <>
            Tem certeza que deseja excluir a origem <strong>{s.name}</strong>? O link e o QR Code deixam de registrar a
            origem; os leads já recebidos a mantêm.
          </>
        )}
        remove={(s) => endpoints.sources.remove(wheelId, s.id)}
        success="Origem excluída com sucesso!"
        fallback="Erro ao excluir origem"
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

export function SourcesModal({ wheel, canWrite, onClose }: Props) {
  return (
    <Modal
      open={!!wheel}
      onClose={onClose}
      size="lg"
      title={wheel ? `Origens — ${wheel.name}` : "Origens"}
      description="Um link, QR Code e cartaz para cada lugar onde a roleta é divulgada: os leads mostram de onde vieram."
    >
      {wheel && <SourcesPanel wheelId={wheel.id} canWrite={canWrite} />}
    </Modal>
  );
}
