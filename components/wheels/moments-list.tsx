"use client";
// The winning moments of a moments wheel, for staff: how many are used and left, each moment with
// its prize and state (a page at a time), and the CSV download for the promotion's records.
import { Download } from "lucide-react";
import { useState } from "react";
import { downloadUrl } from "@/components/leads/download";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/misc";
import { Modal } from "@/components/ui/modal";
import { QueryState } from "@/components/ui/query-state";
import type { MomentDto } from "@/lib/wheels/moments-list";
import { useApi } from "@/lib/swr/use-api";
import { shortDateTime } from "@/lib/dates/format";
import type { WheelDto } from "@/lib/wheels/dto";

const PAGE = 50;

function MomentsTable({ moments }: { moments: MomentDto[] }) {
  const [page, setPage] = useState(0);
  const used = moments.filter((m) => m.claimed_at).length;
  const shown = moments.slice(page * PAGE, (page + 1) * PAGE);
  const pages = Math.ceil(moments.length / PAGE);
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-800" data-testid="moments-summary">
        {moments.length} momentos · {used} utilizados · {moments.length - used} a utilizar
      </p>
      {/* A list, not a table: it fits a phone's width without scrolling sideways. It scrolls on its
          own and takes the focus (tabIndex), so a keyboard reaches and scrolls every moment. */}
      <ul
        className="max-h-[min(24rem,50vh)] divide-y overflow-y-auto rounded-lg border focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        aria-label="Momentos ganhadores"
        tabIndex={0}
        data-testid="moments-list"
      >
        {shown.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
            <span>
              <span className="block font-medium text-gray-900">{m.product_name}</span>
              <span className="block text-gray-700">{shortDateTime(m.at)}</span>
            </span>
            {m.claimed_at ? (
              <Badge color="green">Utilizado em {shortDateTime(m.claimed_at)}</Badge>
            ) : (
              <Badge>A utilizar</Badge>
            )}
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <div className="flex items-center justify-between text-sm text-gray-700">
          <Button variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Anteriores
          </Button>
          <span>
            Página {page + 1} de {pages}
          </span>
          <Button variant="secondary" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            Próximos
          </Button>
        </div>
      )}
    </div>
  );
}

export function MomentsModal({ wheel, onClose }: { wheel: WheelDto | null; onClose: () => void }) {
  const query = useApi<{ moments: MomentDto[] }>(wheel ? `/wheels/${wheel.id}/moments` : null, {
    errorText: "Erro ao carregar os momentos ganhadores",
    revalidateOnMount: true,
  });
  return (
    <Modal
      open={!!wheel}
      onClose={onClose}
      size="lg"
      title={`Momentos ganhadores · ${wheel?.name ?? ""}`}
      description="Definidos antes da participação, um por unidade de prêmio. Quando o estoque, os prêmios ou o período mudam, só os ainda não utilizados são refeitos."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Fechar
          </Button>
          <Button
            disabled={!query.data?.moments.length}
            onClick={() => wheel && downloadUrl(`/api/wheels/${wheel.id}/moments?format=csv`)}
          >
            <Download className="h-4 w-4" aria-hidden /> Baixar CSV
          </Button>
        </>
      }
    >
      <QueryState
        query={query}
        isEmpty={(d) => d.moments.length === 0}
        empty="Nenhum momento ganhador ainda: defina início e fim e adicione prêmios com estoque."
      >
        {(d) => <MomentsTable moments={d.moments} />}
      </QueryState>
    </Modal>
  );
}
