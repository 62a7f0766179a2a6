"use client";
// The live preview of "Aparência": the wheel, or the raspadinha or gift box, as a visitor's phone
// shows it, drawn by the public page's own components from the form as it is (prizes, odds, game,
// theme, logo), before saving.
import { useWatch, type UseFormReturn } from "react-hook-form";
import { buildSegments } from "@/components/public-wheel/segments";
import { NO_PRIZE_COLOR } from "@/components/public-wheel/slices";
import { WheelSvg } from "@/components/public-wheel/wheel-svg";
import { GiftBox } from "@/components/public-wheel/gift-box";
import { ScratchCard } from "@/components/public-wheel/scratch-card";
import { brandPalette } from "@/lib/wheels/slice-colors";
import { DEFAULT_THEME } from "@/lib/campaigns/dto";
import { NO_PRIZE } from "@/lib/spins/draw/no-prize";
import { readableOnWhiteText, sliceColors } from "@/lib/wheels/slice-colors";
import type { WheelFormOutput, WheelFormValues } from "@/lib/validation/wheels";

type Form = UseFormReturn<WheelFormValues, unknown, WheelFormOutput>;

const idle = () => {};
/** A game as the preview shows it: not played, no answer. */
const STILL = { answer: null, busy: false, connecting: false, onPlay: idle, onRevealed: idle, preview: true };

export function WheelPreview({ form, names }: { form: Form; names: Map<string, string> }) {
  const [name, mode, products, noPrizeWeight, noPrizeLabel, theme, game] = useWatch({
    control: form.control,
    name: ["name", "draw_mode", "products", "no_prize_weight", "no_prize_label", "theme", "game"],
  });
  const color = /^#[0-9a-fA-F]{6}$/.test(theme?.primary_color ?? "")
    ? theme!.primary_color!
    : DEFAULT_THEME.primary_color;
  const random = mode === "random";
  const noPrize = random ? Math.max(0, Number(noPrizeWeight) || 0) : 1;
  const rows = [
    ...(products ?? []).map((p) => ({
      id: p.product_id,
      name: names.get(p.product_id) ?? "",
      weight: random ? Math.max(0, Number(p.odds_weight) || 0) : 1,
    })),
    ...(noPrize > 0 ? [{ id: NO_PRIZE, name: noPrizeLabel || "Sem prêmio", weight: noPrize }] : []),
  ].filter((r) => r.weight > 0);
  const total = rows.reduce((s, r) => s + r.weight, 0);
  const colors = sliceColors({ primary_color: color, preset: theme?.preset ?? DEFAULT_THEME.preset }, rows.length);
  const segments = buildSegments(
    rows.map((r, i) => ({
      id: r.id,
      name: r.name,
      share: total ? (r.weight / total) * 100 : 0,
      color: r.id === NO_PRIZE ? NO_PRIZE_COLOR : colors[i],
    })),
  );
  const brand = readableOnWhiteText(color);
  return (
    <figure
      className="mx-auto w-64"
      aria-label={`Prévia ${game === "scratch" ? "da raspadinha" : game === "gift" ? "do presente" : "da roleta"} no celular`}
    >
      <div className="overflow-hidden rounded-[2rem] border-8 border-gray-900 bg-white shadow-lg">
        <div className="space-y-3 px-3 py-4 text-center">
          {theme?.logo_url && (
            // A wide logo keeps its whole width: contained, never cropped.
            // eslint-disable-next-line @next/next/no-img-element
            <img src={theme.logo_url} alt="" className="mx-auto h-10 max-w-full object-contain" />
          )}
          <p className="text-sm font-bold break-words text-gray-900">{name || "Sua roleta"}</p>
          {game === "scratch" || game === "gift" ? (
            // The public page's own game in its still state, in the shop's colours (a new colour
            // repaints the raspadinha's coating: it is drawn once, on a canvas).
            <div style={(brandPalette(color, DEFAULT_THEME.primary_color) ?? undefined) as React.CSSProperties}>
              {game === "scratch" ? (
                <ScratchCard
                  key={color}
                  {...STILL}
                  logoUrl={theme?.logo_url ?? null}
                  wheelName={name || "Sua roleta"}
                />
              ) : (
                <GiftBox {...STILL} logoUrl={theme?.logo_url ?? null} wheelName={name || "Sua roleta"} />
              )}
            </div>
          ) : segments.length ? (
            <WheelSvg segments={segments} rotation={0} spinning={false} />
          ) : (
            <p className="py-16 text-xs text-gray-700">Adicione prêmios para ver a roleta.</p>
          )}
          <span
            className="inline-block rounded-lg px-4 py-2 text-sm font-semibold text-white"
            style={{ backgroundColor: brand }}
            aria-hidden
          >
            Começar
          </span>
        </div>
      </div>
      <figcaption className="mt-2 text-center text-xs text-gray-700">Prévia: como o visitante vê no celular</figcaption>
    </figure>
  );
}
