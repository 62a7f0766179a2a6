// Writes that may go together (docs/decisions/jobs.md "A queue that keeps up"): an item handed in
// while a write is under way waits for it and goes with the next one, so a busy process writes its
// items in one statement instead of one each, and an idle one writes each at once (a group commit:
// no timer, no added wait when there is nothing to share). Each caller's promise settles when the
// statement that carried its item has; a failed statement of several items is tried again item by item.
import "server-only";

/** The most items one statement carries. */
const MAX_BATCH = 256;

/**
 * `write` writes its items in one statement and answers each item's result, in their order (or
 * nothing, for `R` void).
 */
export function groupCommit<T, R = void>(write: (items: T[]) => Promise<R[] | void>): (item: T) => Promise<R> {
  const queue: { item: T; resolve: (r: R) => void; reject: (err: unknown) => void }[] = [];
  let writing = false;
  const settle = (b: (typeof queue)[number], results: R[] | void, i: number) => b.resolve(results?.[i] as R);
  async function drain() {
    writing = true;
    try {
      while (queue.length) {
        const batch = queue.splice(0, MAX_BATCH);
        try {
          const results = await write(batch.map((b) => b.item));
          batch.forEach((b, i) => settle(b, results, i));
        } catch (err) {
          if (batch.length === 1) batch[0].reject(err);
          // Each on its own: a deadlock with another multi-row writer, or one item the statement
          // refused, then fails only what it must (the failed statement wrote nothing).
          else await Promise.all(batch.map((b) => write([b.item]).then((r) => settle(b, r, 0), b.reject)));
        }
      }
    } finally {
      writing = false;
    }
  }
  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}
