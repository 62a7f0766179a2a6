// The wheel drawing: the segments as SVG paths, labels (two lines at most, broken between words)
// hidden on segments under 10 degrees. A lazy
// chunk of the public page: fetched at 'Começar', not with the form.
import { labelLines, MIN_LABEL_DEGREES, type Segment } from "./segments";

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
        // Under reduced motion the wheel lands on the drawn slice at once (the inline transition
        // below is overridden: motion-reduce's !important beats an inline style).
        className="h-full w-full drop-shadow-lg motion-reduce:transition-none!"
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
                  {labelLines(seg.name).map((line, i, all) => (
                    <tspan key={i} x={lx} dy={i === 0 ? `${-(all.length - 1) * 0.6}em` : "1.2em"}>
                      {line}
                    </tspan>
                  ))}
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
