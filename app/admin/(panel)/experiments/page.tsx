"use client";
// Testes (issue 52, Pro): A/B/n experiments of wheels with a holdout, judged on the store's orders.
// Owner and admin. Phone-first: one card per experiment with its status, start/stop, the loader's
// snippet and, once started, its results; "Novo teste" creates one from the company's wheels.
import { Plus } from "lucide-react";
import { useState } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { ExperimentFormModal } from "@/components/experiments/experiment-form-modal";
import { ExperimentResults } from "@/components/experiments/experiment-results";
import { Button } from "@/components/ui/button";
import { Badge, Card, PageHeader } from "@/components/ui/misc";
import { QueryState } from "@/components/ui/query-state";
import { can } from "@/lib/auth/permissions";
import { errorText } from "@/lib/swr/fetcher";
import { useExperiments, type CompanyExperiment } from "@/lib/swr/use-experiments";
import { endpoints } from "@/lib/swr/writes";
import { notify } from "@/lib/ui/toast";

const STATUS = {
  draft: { label: "Rascunho", color: "gray" },
  running: { label: "Em andamento", color: "green" },
  stopped: { label: "Encerrado", color: "yellow" },
} as const;

function ExperimentCard({ e }: { e: CompanyExperiment }) {
  const [busy, setBusy] = useState(false);
  const move = async (to: "start" | "stop") => {
    setBusy(true);
    try {
      await endpoints.experiments[to](e.id);
      notify.success(to === "start" ? "Teste iniciado" : "Teste encerrado");
    } catch (err) {
      notify.error(errorText(err, "Não foi possível alterar o teste"));
    } finally {
      setBusy(false);
    }
  };
  const status = STATUS[e.status];
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold text-gray-900">{e.name}</h2>
          <p className="text-sm text-gray-600">{e.arms.map((a) => `${a.name} (${a.weight}%)`).join(" · ")}</p>
        </div>
        <Badge color={status.color}>{status.label}</Badge>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {e.status === "draft" && (
          <Button onClick={() => move("start")} disabled={busy}>
            Iniciar teste
          </Button>
        )}
        {e.status === "running" && (
          <Button variant="secondary" onClick={() => move("stop")} disabled={busy}>
            Encerrar teste
          </Button>
        )}
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm text-gray-700">Código para a loja</summary>
        <code className="mt-2 block overflow-x-auto rounded bg-gray-50 p-2 text-xs break-all text-gray-800">
          {e.snippet}
        </code>
      </details>
      {e.status !== "draft" && <ExperimentResults experiment={e} />}
    </Card>
  );
}

export default function ExperimentsPage() {
  const { user } = useAdmin();
  const allowed = can(user.role, "manage_experiments");
  const experiments = useExperiments(allowed);
  const [creating, setCreating] = useState(false);

  if (!allowed) {
    return (
      <Card className="mx-auto max-w-lg text-center">
        <h1 className="text-xl font-bold text-gray-900">Acesso negado</h1>
        <p className="mt-2 text-gray-700">Você não tem permissão para gerenciar testes.</p>
      </Card>
    );
  }

  return (
    <>
      <PageHeader
        title="Testes"
        description="Compare roletas entre si e contra não mostrar nada, medido nos pedidos da sua loja. Recurso do plano Pro."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Novo teste
          </Button>
        }
      />
      <ExperimentFormModal open={creating} onClose={() => setCreating(false)} />
      <QueryState query={experiments} isEmpty={(d) => d.experiments.length === 0} empty="Nenhum teste criado ainda.">
        {(d) => (
          <div className="space-y-4">
            {d.experiments.map((e) => (
              <ExperimentCard key={e.id} e={e} />
            ))}
          </div>
        )}
      </QueryState>
    </>
  );
}
