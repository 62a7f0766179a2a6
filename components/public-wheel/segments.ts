// The wheel's segments: one per slice sized by its share (3.6 degrees per point), in the slice's
// colour (decided on the server from the theme, components/public-wheel/slices.ts); and the
// rotation that lands on the drawn one. The drawing itself (wheel-svg.tsx) loads after the form.
import type { Slice } from "./slices";

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
  return slices.map((p) => {
    const sweep = p.share * 3.6;
    const seg = { id: p.id, name: p.name, start, end: start + sweep, color: p.color };
    start += sweep;
    return seg;
  });
}

/** The rotation that brings the prize's segment under the top pointer after several turns. */
export function rotationFor(segments: Segment[], prizeId: string, current: number, jitter = 0.5): number {
  const seg = segments.find((s) => s.id === prizeId);
  const target = seg ? seg.start + (seg.end - seg.start) * (0.2 + 0.6 * jitter) : 0;
  const base = current - (current % 360) + 360 * 6;
  return base + (360 - target);
}

/**
 * A slice's label on at most two lines of about `max` characters, broken between words, never
 * inside one: a word longer than a line stays whole, and what does not fit ends the second line
 * with "…" after the last whole word.
 */
export function labelLines(name: string, max = 14): string[] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.length - 1;
    if (last >= 0 && `${lines[last]} ${word}`.length <= max) lines[last] = `${lines[last]} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= 2) return lines;
  return [lines[0], `${lines[1]}…`];
}
