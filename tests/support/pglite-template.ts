import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrate } from "#server/db/migrate.ts";
import { openPgliteDatabase } from "#server/db/pglite-database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated, empty embedded database's data folder as a gzipped tarball (openTestDatabase opens copies of it). */
    pgliteTemplate: string;
  }
}

/**
 * Vitest global set-up: a fresh PGlite runs initdb and then every migration, several seconds on this 2-core
 * machine, and the API tests open one or more per file. Done once per run here; each test database is a copy of
 * this one (under a second). The migrations themselves are still run on a fresh database here and by the
 * migration tests, and openTestDatabase runs migrate() on each copy, which checks every checksum.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-pglite-template-"));
  const file = path.join(dir, "template.tar");
  const db = await openPgliteDatabase(undefined);
  try {
    await migrate(db);
    await fs.writeFile(file, new Uint8Array(await (await db.dumpDataDir()).arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide("pgliteTemplate", file);
  return () => fs.rm(dir, { recursive: true, force: true });
}
