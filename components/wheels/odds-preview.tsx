"use client";
// The live preview of the wheel's slices while the campaign rules are edited: in random mode each
// prize's and the no-prize segment's real chance; in the other modes, the slices (no percentage:
// they are not chances) and why.
import { NO_PRIZE } from "@/lib/spins/draw/no-prize";
import type { DrawMode } from "@/lib/validation/campaign";
import type { WheelProductDto } from "@/lib/wheels/dto";

interface Props {
  mode: DrawMode;
  prizes: Pick<WheelProductDto, "id" | "name" | "odds_weight" | "is_active" | "stock">[] | undefined;
  noPrizeWeight: number;
  noPrizeLabel: string;
}

const pct = (n: number) => `${n.toLocaleString("pt-BR", { maximumFractionDigits: 2, minimumFractionDigits: 2 })}%`;

export function OddsPreview({ mode, prizes, noPrizeWeight, noPrizeLabel }: Props) {
  const inStock = (prizes ?? []).filter((p) => p.is_active && p.stock > 0);
  const weight = Number.isFinite(noPrizeWeight) && noPrizeWeight > 0 ? noPrizeWeight : 0;
  const rows = [
    ...inStock.map((p) => ({ id: p.id, name: p.name, weight: Number(p.odds_weight) || 0 })),
    ...(mode !== "random" || weight > 0 ? [{ id: NO_PRIZE, name: noPrizeLabel || "Sem prêmio", weight }] : []),
  ];
  const total = rows.reduce((s, r) => s + r.weight, 0);
  return (
    <div aria-live="polite" className="rounded-lg border border-gray-200 bg-gray-50 p-3">
      <p className="text-sm font-medium text-gray-900">
        {mode === "random" ? "Prévia das chances por giro" : "Prévia das fatias da roleta"}
      </p>
      {!inStock.length && (
        <p className="mt-1 text-xs text-gray-700">
          {prizes?.length
            ? "Nenhum prêmio com estoque nesta roleta ainda."
            : "Adicione prêmios para ver as chances de cada um."}
        </p>
      )}
      {mode !== "random" && (
        <p className="mt-1 text-xs text-gray-700">
          Neste modo as fatias aparecem iguais na roleta: quem ganha é decidido{" "}
          {mode === "moments" ? "pelos momentos ganhadores" : "pela ordem de participação"}, não por chances.
        </p>
      )}
      <ul className="mt-2 space-y-1" data-testid="odds-preview">
        {rows.map((r) => (
          <li key={r.id} className="flex justify-between gap-3 text-sm text-gray-800">
            <span className="truncate">{r.name}</span>
            {/* Outside random mode a share would read as a chance the text above denies (issue 38). */}
            {mode === "random" && <span className="font-mono">{pct(total ? (r.weight / total) * 100 : 0)}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
