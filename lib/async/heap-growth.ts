// How far V8 lets the heap grow before it collects the old space again. By default it allows up to
// about 4x what survived the last full collection: under a crowd of visitors Next's per-request
// objects (abort signals, streams, headers) outlive a scavenge or two and are promoted, and the
// server's heap sat at 300-370 MB (RSS 500+ MB) while only ~85 MB was live (bench:spin's probe:
// the heap after a full GC stays flat, so nothing is held). HEAP_GROWING_PERCENT caps that growth
// at 1 + percent/100; a larger maximum heap is not set, so a real need for memory is still met.
// Measured in docs/decisions/performance.md "The server's memory".
import "server-only";
import v8 from "node:v8";

/** Applies the growth cap (0 leaves V8's own heuristics). */
export function limitHeapGrowth(percent: number) {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
