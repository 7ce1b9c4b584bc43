import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { migrate } from "#server/db/migrate.ts";
import { openPostgresDatabase } from "#server/db/postgres-database.ts";

const url = process.env.TEST_DATABASE_URL;

// Several portals on one PostgreSQL server start at the same moment: each runs the migrations.
describe.skipIf(!url)("migrations from several processes at once", () => {
  it("applies each migration exactly once while every runner succeeds", async () => {
    const schema = `t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const scoped = new URL(url!);
    scoped.searchParams.set("options", `-c search_path=${schema},public`);
    const runners = await Promise.all([1, 2, 3, 4].map(() => openPostgresDatabase(scoped.toString())));
    try {
      const results = await Promise.all(runners.map((db) => migrate(db)));
      const appliedByAll = results.flat();
      const { rows } = await admin.query<{ name: string }>(
        `SELECT name FROM ${schema}.schema_migrations ORDER BY name`,
      );
      expect(rows.length).toBeGreaterThan(0);
      // Every migration was applied by exactly one runner; the others found it done.
      expect([...appliedByAll].sort()).toEqual(rows.map((r) => r.name));
      const tables = await admin.query("SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tablename = 'grievances'", [
        schema,
      ]);
      expect(tables.rows).toHaveLength(1);
    } finally {
      await Promise.all(runners.map((db) => db.close()));
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });
});
