import type { Queryable } from "../db/database.ts";
import type { ImageStore } from "../storage/image-store.ts";
import { isValidObjectKey } from "../storage/object-key.ts";
import { holdsReports, referencedKeys } from "./image-reference-repository.ts";

export interface OrphanSweepResult {
  /** Objects old enough to be judged. */
  examined: number;
  deleted: number;
  /** Set when the sweep refused to run, and why. */
  skipped?: string;
}

// Keys asked about in one query: small enough for one round trip, large enough that a big bucket is quick.
const BATCH = 500;

/**
 * Deletes stored objects that no report references and that are older than the grace period
 * (docs/operating.md, "Orphan sweep"). A submit stores its images before it inserts its row, and a crash or a
 * killed process between the two leaves images behind; the grace period keeps the images of submits still in
 * flight, on this instance or another. Leftovers of interrupted writes and probes are removed the same way.
 */
export async function sweepOrphans(db: Queryable, store: ImageStore, graceMinutes: number): Promise<OrphanSweepResult> {
  const cutoff = Date.now() - graceMinutes * 60_000;
  let examined = 0;
  let deleted = 0;
  let batch: string[] = [];
  const flush = async () => {
    const keys = batch.filter(isValidObjectKey);
    const referenced = new Set(await referencedKeys(db, keys));
    const orphans = batch.filter((name) => !referenced.has(name));
    // One at a time keeps a large sweep from flooding the store; it runs in the background.
    for (const name of orphans) await store.delete(name);
    deleted += orphans.length;
    batch = [];
  };
  for await (const object of store.list()) {
    if (object.lastModified.getTime() > cutoff) continue;
    // A portal pointed at an empty database with an old bucket (a restore gone wrong, a mistyped DATABASE_URL)
    // would otherwise judge every image an orphan and delete them all. Asked only when there is something to judge,
    // so a new, empty installation does not warn.
    if (examined === 0 && !(await holdsReports(db))) {
      return { examined: 0, deleted: 0, skipped: "the database holds no reports while the storage holds images" };
    }
    examined += 1;
    batch.push(object.name);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return { examined, deleted };
}
