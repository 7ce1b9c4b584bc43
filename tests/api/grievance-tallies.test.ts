import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { openTestDatabase } from "./test-app.ts";

// The list's counts come from grievance_tallies (migrations/004); these tests hold the triggers to the rows.
describe("grievance tallies", () => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  async function talliesMatchRows() {
    const { rows: tallies } = await db.query<{ key: string; n: number }>(
      "SELECT category || '/' || priority || '/' || status AS key, n::int AS n FROM grievance_tallies WHERE n > 0 ORDER BY 1",
    );
    const { rows: counted } = await db.query<{ key: string; n: number }>(
      `SELECT category || '/' || priority || '/' || status AS key, count(*)::int AS n FROM grievances
       WHERE hidden_at IS NULL GROUP BY 1 ORDER BY 1`,
    );
    expect(tallies).toEqual(counted);
    return tallies;
  }

  it("follows inserts, changes of status, priority and category, hiding, showing and deleting", async () => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO grievances (title, description, category, priority)
       SELECT 'Report ' || g, 'Text', (ARRAY['Other', 'Leakage Issues'])[1 + g % 2], (ARRAY['low', 'urgent'])[1 + g % 2]
       FROM generate_series(1, 10) AS g RETURNING id`,
    );
    expect(await talliesMatchRows()).toEqual([
      { key: "Leakage Issues/urgent/pending", n: 5 },
      { key: "Other/low/pending", n: 5 },
    ]);
    const [a, b, c] = rows.map((r) => r.id);

    await db.query("UPDATE grievances SET status = 'resolved' WHERE id = $1", [a]);
    await db.query("UPDATE grievances SET priority = 'high', category = 'Other' WHERE id = $1", [b]);
    await db.query("UPDATE grievances SET hidden_at = now(), hidden_reason = 'spam' WHERE id = $1", [c]);
    await talliesMatchRows();

    await db.query("UPDATE grievances SET status = 'in-progress' WHERE id = $1", [c]); // hidden: no effect
    await talliesMatchRows();
    await db.query("UPDATE grievances SET hidden_at = NULL, hidden_reason = NULL WHERE id = $1", [c]);
    await talliesMatchRows();

    await db.query("DELETE FROM grievances WHERE id = $1", [a]);
    await talliesMatchRows();
    await db.query("TRUNCATE grievances CASCADE");
    expect(await talliesMatchRows()).toEqual([]);
  });
});
