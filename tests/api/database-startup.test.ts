import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, MigrationError } from "#server/db/migrate.ts";
import { DataDirectoryInUseError, openPgliteDatabase } from "#server/db/pglite-database.ts";

let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "portal-db-"));
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

describe("database start-up", () => {
  it("names the failing migration file and keeps the ones before it", async () => {
    const dir = path.join(root, "migrations");
    await fs.mkdir(dir);
    await fs.writeFile(path.join(dir, "001_ok.sql"), "CREATE TABLE things (id int);");
    await fs.writeFile(path.join(dir, "002_broken.sql"), "CREATE TABLE broken (id int;");
    const db = await openPgliteDatabase(undefined);
    try {
      const failure = await migrate(db, dir).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MigrationError);
      expect((failure as Error).message).toMatch(/^Migration 002_broken\.sql failed: /);
      const { rows } = await db.query<{ name: string }>("SELECT name FROM schema_migrations");
      expect(rows.map((r) => r.name)).toEqual(["001_ok.sql"]);
    } finally {
      await db.close();
    }
  });

  it("stops with a clear message when an applied migration was edited, and records checksums of older rows", async () => {
    const dir = path.join(root, "edited");
    await fs.mkdir(dir);
    await fs.writeFile(path.join(dir, "001_things.sql"), "CREATE TABLE things (id int);");
    const db = await openPgliteDatabase(undefined);
    try {
      expect(await migrate(db, dir)).toEqual(["001_things.sql"]);
      // A database migrated before checksums were recorded gets the file's checksum, not an error.
      await db.query("UPDATE schema_migrations SET checksum = NULL");
      expect(await migrate(db, dir)).toEqual([]);
      const { rows } = await db.query<{ checksum: string }>("SELECT checksum FROM schema_migrations");
      expect(rows[0]?.checksum).toMatch(/^[0-9a-f]{64}$/);

      await fs.writeFile(path.join(dir, "001_things.sql"), "CREATE TABLE things (id bigint);");
      await fs.writeFile(path.join(dir, "002_more.sql"), "CREATE TABLE more (id int);");
      await expect(migrate(db, dir)).rejects.toThrow(
        "Migration 001_things.sql was changed after it was applied to this database. " +
          "Restore the file as it was and put the change in a new migration.",
      );
      // Nothing after the edited one was applied.
      const tables = await db.query("SELECT 1 FROM pg_tables WHERE tablename = 'more'");
      expect(tables.rows).toHaveLength(0);
    } finally {
      await db.close();
    }
  });

  it("refuses a second open of a data directory that is in use", async () => {
    const dataDir = path.join(root, "db");
    const first = await openPgliteDatabase(dataDir);
    try {
      await expect(openPgliteDatabase(dataDir)).rejects.toBeInstanceOf(DataDirectoryInUseError);
      await expect(openPgliteDatabase(dataDir)).rejects.toThrow(/already in use by another running portal/);
    } finally {
      await first.close();
    }
    // Released on close: the folder can be opened again.
    const again = await openPgliteDatabase(dataDir);
    await again.close();
  });
});
