"use client";
// "Por unidade" (issue 41): each unit's spins, wins and prizes handed over there, shown when the
// company has units (the report's by_unit is empty otherwise).
import { DataTable } from "@/components/ui/data-table";
import { Card } from "@/components/ui/misc";
import type { ReportAnswer } from "@/lib/swr/use-report";

type Row = ReportAnswer["by_unit"][number];

const n = (v: number) => v.toLocaleString("pt-BR");

export function UnitsSection({ rows }: { rows: Row[] }) {
  if (rows.length === 0) return null;
  return (
    <Card>
      <h2 className="mb-1 font-semibold text-gray-900">Por unidade</h2>
      <p className="mb-3 text-sm text-gray-700">
        Giros e prêmios feitos em cada unidade (pela origem ou pelo totem), e os prêmios entregues no balcão dela.
      </p>
      <DataTable
        caption="Giros, prêmios e resgates por unidade"
        rows={rows}
        rowKey={(r) => r.unit_id ?? "none"}
        columns={[
          { header: "Unidade", cell: (r) => <span className="font-medium text-gray-900">{r.name}</span> },
          { header: "Giros", cell: (r) => n(r.spins) },
          { header: "Prêmios", cell: (r) => n(r.wins) },
          { header: "Resgatados", cell: (r) => n(r.redeemed) },
        ]}
      />
    </Card>
  );
}
