// Writes that may go together (docs/decisions/jobs.md "A queue that keeps up"): an item handed in
// while a write is under way waits for it and goes with the next one, so a busy process writes its
// items in one statement instead of one each, and an idle one writes each at once (a group commit:
// no timer, no added wait when there is nothing to share). Each caller's promise settles when the
// statement that carried its item has; a failed statement fails the items it carried.
import "server-only";

/** The most items one statement carries. */
const MAX_BATCH = 256;

export function groupCommit<T>(write: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  const queue: { item: T; resolve: () => void; reject: (err: unknown) => void }[] = [];
  let writing = false;
  async function drain() {
    writing = true;
    try {
      while (queue.length) {
        const batch = queue.splice(0, MAX_BATCH);
        try {
          await write(batch.map((b) => b.item));
          for (const b of batch) b.resolve();
        } catch (err) {
          for (const b of batch) b.reject(err);
        }
      }
    } finally {
      writing = false;
    }
  }
  return (item) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}
