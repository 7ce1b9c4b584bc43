import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import type { Database } from "#server/db/database.ts";
import { migrate } from "#server/db/migrate.ts";
import { openPgliteDatabase } from "#server/db/pglite-database.ts";
import { openPostgresDatabase } from "#server/db/postgres-database.ts";
import { postgresTemplateName, withClient } from "../support/postgres-test-database.ts";

/**
 * A fresh database: in-memory PGlite (also with `embedded`), or with TEST_DATABASE_URL a database of its own on that
 * PostgreSQL server (dropped on close), so test files never see each other's rows. Both start as copies of the run's
 * migrated template (tests/support/pglite-template.ts, postgres-test-database.ts); `migrationsDir`: migrate from that
 * folder instead, on an empty database (a test of a migration applies the ones before it first). `url`: the
 * PostgreSQL database's own address, for a test that opens a second pool on it.
 */
export async function openTestDatabase(
  migrationsDir?: string,
  { embedded = false } = {},
): Promise<{ db: Database; url?: string; drop(): Promise<void> }> {
  const serverUrl = embedded ? undefined : process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = await openPgliteDatabase(undefined, { loadDataDir: migrationsDir ? undefined : await pgliteTemplate() });
    await migrate(db, migrationsDir);
    return { db, drop: () => db.close() };
  }
  const name = `t_${randomBytes(6).toString("hex")}`;
  const template = migrationsDir ? "template0" : pg.escapeIdentifier(postgresTemplateName(serverUrl));
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openPostgresDatabase(url.toString());
  await migrate(db, migrationsDir);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      await withClient(serverUrl, (client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`));
    },
  };
}

let template: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  template ??= fs.readFile(inject("pgliteTemplate")).then((bytes) => new Blob([new Uint8Array(bytes)]));
  return template;
}
