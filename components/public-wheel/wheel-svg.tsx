// The wheel drawing: one segment per slice sized by its share (3.6 degrees per point), labels
// hidden on segments under 10 degrees, an 8-colour cycle with white text; the "no prize" slice is
// grey, so it never reads as a prize.
import { NO_PRIZE } from "@/lib/spins/no-prize";
import type { Slice } from "./slices";

export const SEGMENT_COLORS = ["#6d28d9", "#be185d", "#c2410c", "#15803d", "#0e7490", "#4338ca", "#a16207", "#b91c1c"];
const NO_PRIZE_COLOR = "#4b5563";
export const MIN_LABEL_DEGREES = 10;

export interface Segment {
  id: string;
  name: string;
  start: number;
  end: number;
  color: string;
}

export function buildSegments(slices: Slice[]): Segment[] {
  let start = 0;
  return slices.map((p, i) => {
    const sweep = p.share * 3.6;
    const color = p.id === NO_PRIZE ? NO_PRIZE_COLOR : SEGMENT_COLORS[i % SEGMENT_COLORS.length];
    const seg = { id: p.id, name: p.name, start, end: start + sweep, color };
    start += sweep;
    return seg;
  });
}

const point = (deg: number, r: number) => {
  const rad = ((deg - 90) * Math.PI) / 180;
  return [150 + r * Math.cos(rad), 150 + r * Math.sin(rad)];
};

function arc(seg: Segment) {
  if (seg.end - seg.start >= 359.99) return "M150,150 m-140,0 a140,140 0 1,0 280,0 a140,140 0 1,0 -280,0";
  const [x1, y1] = point(seg.start, 140);
  const [x2, y2] = point(seg.end, 140);
  const large = seg.end - seg.start > 180 ? 1 : 0;
  return `M150,150 L${x1},${y1} A140,140 0 ${large},1 ${x2},${y2} Z`;
}

export function WheelSvg({
  segments,
  rotation,
  spinning,
}: {
  segments: Segment[];
  rotation: number;
  spinning: boolean;
}) {
  return (
    <div className="relative mx-auto aspect-square w-full max-w-xs">
      <div className="absolute top-0 left-1/2 z-10 -translate-x-1/2 -translate-y-1" aria-hidden>
        <div className="h-0 w-0 border-x-[14px] border-t-[24px] border-x-transparent border-t-gray-900" />
      </div>
      <svg
        viewBox="0 0 300 300"
        role="img"
        aria-label={`Roleta com ${segments.length} fatias: ${segments.map((s) => s.name).join(", ")}`}
        className="h-full w-full drop-shadow-lg"
        style={{
          transform: `rotate(${rotation}deg)`,
          transition: spinning ? "transform 4s cubic-bezier(0.17, 0.67, 0.12, 0.99)" : "none",
        }}
      >
        <circle cx="150" cy="150" r="148" fill="#111827" />
        {segments.map((seg) => {
          const mid = (seg.start + seg.end) / 2;
          const [lx, ly] = point(mid, 88);
          return (
            <g key={seg.id}>
              <path d={arc(seg)} fill={seg.color} stroke="#fff" strokeWidth="2" />
              {seg.end - seg.start >= MIN_LABEL_DEGREES && (
                <text
                  x={lx}
                  y={ly}
                  fill="#fff"
                  fontSize="12"
                  fontWeight="700"
                  textAnchor="middle"
                  dominantBaseline="middle"
                  transform={`rotate(${mid - 90}, ${lx}, ${ly})`}
                >
                  {seg.name.length > 16 ? `${seg.name.slice(0, 15)}…` : seg.name}
                </text>
              )}
            </g>
          );
        })}
        <circle cx="150" cy="150" r="18" fill="#fff" stroke="#111827" strokeWidth="4" />
      </svg>
    </div>
  );
}

/** The rotation that brings the prize's segment under the top pointer after several turns. */
export function rotationFor(segments: Segment[], prizeId: string, current: number, jitter = 0.5): number {
  const seg = segments.find((s) => s.id === prizeId);
  const target = seg ? seg.start + (seg.end - seg.start) * (0.2 + 0.6 * jitter) : 0;
  const base = current - (current % 360) + 360 * 6;
  return base + (360 - target);
}
