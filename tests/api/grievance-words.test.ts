import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../src/server/db/database.ts";
import { startMaintenance } from "../../src/server/maintenance/maintenance.ts";
import type { ImageStore } from "../../src/server/storage/image-store.ts";
import { openTestDatabase } from "./test-app.ts";

// A search for one word counts and pages its matches from grievance_words (migrations/021); these tests hold the
// triggers to the rows: one row per distinct word of each public report, none for a hidden one.
describe("grievance words", () => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  async function wordsMatchRows() {
    const { rows: kept } = await db.query<{ word: string; created_at: Date; id: string }>(
      "SELECT word, created_at, id FROM grievance_words ORDER BY word, id",
    );
    const { rows: expected } = await db.query<{ word: string; created_at: Date; id: string }>(
      `SELECT w COLLATE "C" AS word, created_at, id FROM grievances, unnest(tsvector_to_array(search_vector)) AS w
       WHERE hidden_at IS NULL ORDER BY 1, id`,
    );
    expect(kept).toEqual(expected);
    return kept;
  }

  it("follows inserts, edits of the words and the date, hiding, showing and deleting", async () => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO grievances (title, description, location, category)
       SELECT 'Report ' || g, 'Arsenic in the well, arsenic', CASE WHEN g % 2 = 0 THEN 'Zone ' || g END, 'Other'
       FROM generate_series(1, 6) AS g RETURNING id`,
    );
    // 'arsenic' twice in one report is one row.
    expect((await wordsMatchRows()).filter((r) => r.word === "arsenic")).toHaveLength(6);
    const [a, b, c, d] = rows.map((r) => r.id);

    await db.query("UPDATE grievances SET description = 'Fluoride now' WHERE id = $1", [a]);
    await db.query("UPDATE grievances SET location = 'Market' WHERE id = $1", [b]);
    await db.query("UPDATE grievances SET created_at = created_at - interval '1 day' WHERE id = $1", [c]);
    await db.query("UPDATE grievances SET status = 'resolved', priority = 'urgent' WHERE id = $1", [d]);
    await wordsMatchRows();

    await db.query("UPDATE grievances SET hidden_at = now(), hidden_reason = 'spam' WHERE id = $1", [c]);
    const hidden = await wordsMatchRows();
    expect(hidden.some((r) => r.id === c)).toBe(false);
    await db.query("UPDATE grievances SET title = 'Edited while hidden' WHERE id = $1", [c]);
    await wordsMatchRows();
    await db.query("UPDATE grievances SET hidden_at = NULL, hidden_reason = NULL WHERE id = $1", [c]);
    expect((await wordsMatchRows()).filter((r) => r.id === c).map((r) => r.word)).toContain("edited");

    await db.query("DELETE FROM grievances WHERE id = $1", [a]);
    await wordsMatchRows();
    await db.query("TRUNCATE grievances CASCADE");
    expect(await wordsMatchRows()).toEqual([]);
  });

  it("is vacuumed by the embedded database's maintenance, so that it can be read index-only", async () => {
    await db.query(
      `INSERT INTO grievances (title, description, category) SELECT 'Report ' || g, 'Fluoride', 'Other' FROM generate_series(1, 500) AS g`,
    );
    const allVisiblePages = async () =>
      (await db.query<{ n: number }>("SELECT relallvisible::int AS n FROM pg_class WHERE relname = 'grievance_words'")).rows[0]?.n;
    // Only the statistics step matters here; the others fail on the empty store and logger and are logged.
    const quiet = { error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;
    const stop = startMaintenance({ db, imageStore: {} as ImageStore, orphanGraceMinutes: 60, logger: quiet, analyze: true });
    await stop();
    expect(await allVisiblePages()).toBeGreaterThan(0);
  });
});
