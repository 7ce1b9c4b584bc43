import type { Database } from "../db/database.ts";

/**
 * The public list's answers, as sent, kept in memory on the embedded database
 * (docs/decisions/047-the-public-list-kept-in-memory.md). A list page there costs PGlite's one thread about 2 ms,
 * so the same first page asked for again is sent from here; any change to what a list shows empties it, told by
 * the database at commit (migrations/045_public_list_changes.sql) before the writing request has its answer.
 */
export interface PublicListCache {
  /** The answer kept for `key`, or undefined. */
  get(key: string): string | undefined;
  /** Where the data stands now: read it before the query whose answer `set` will keep. */
  readonly generation: number;
  /** Keeps `body` for `key` unless the data changed since `generation` was read (the answer may be older). */
  set(key: string, generation: number, body: string): void;
  close(): Promise<void>;
}

/** The channel migrations/045 notifies on. */
const PUBLIC_LIST_CHANGED = "public_list_changed";

/**
 * About 40 KB an answer of 50 reports: at most 4 MB. The first page of each filter a visitor picks, and the pages
 * right after it, are what is asked again; a deeper page asked once just passes through.
 */
const CAPACITY = 100;

/**
 * A cache for this database, or undefined where none can be kept: a PostgreSQL server may be written by other
 * instances, and it tells this one later than its own next request may ask.
 */
export async function openPublicListCache(db: Database): Promise<PublicListCache | undefined> {
  if (!db.listen) return undefined;
  const entries = new Map<string, string>();
  let generation = 0;
  const stop = await db.listen(PUBLIC_LIST_CHANGED, () => {
    generation += 1;
    entries.clear();
  });
  return {
    get(key) {
      const body = entries.get(key);
      if (body === undefined) return undefined;
      // Least recently used last out: a Map iterates in insertion order.
      entries.delete(key);
      entries.set(key, body);
      return body;
    },
    get generation() {
      return generation;
    },
    set(key, since, body) {
      if (since !== generation) return;
      entries.set(key, body);
      if (entries.size > CAPACITY) entries.delete(entries.keys().next().value as string);
    },
    close: stop,
  };
}
