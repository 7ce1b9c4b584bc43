import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { PublicGrievance } from "#shared/api-types.ts";
import { spawnPortal } from "../support/portal-process.ts";
import {
  expectReportsWithImages,
  freshFolder,
  portals,
  runScript,
  submit,
  useScriptWorkspace,
} from "./backup-restore-scripts.ts";

/** npm run backup / npm run restore with PostgreSQL (docs/operating.md): pg_dump and pg_restore under the scripts. */

useScriptWorkspace();

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const pgDumpInstalled =
  fs.existsSync("/usr/bin/pg_dump") ||
  (process.env.PATH ?? "").split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, "pg_dump")));

describe("backup and restore with PostgreSQL", () => {
  const created: string[] = [];
  const urlOf = (name: string) => {
    const url = new URL(testDatabaseUrl as string);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: urlOf("postgres") });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const freshDatabase = async (role: string) => {
    const name = `backup_${role}_${process.pid}_${Date.now()}`;
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
    created.push(name);
    return urlOf(name);
  };
  const count = async (url: string, sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return Number((await client.query<{ n: string }>(sql)).rows[0]?.n);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    if (created.length === 0) return;
    await admin(async (client) => {
      for (const name of created) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  });

  it.skipIf(!testDatabaseUrl || !pgDumpInstalled)(
    "dumps a running portal's database and restores it into an empty database, with the images",
    async () => {
      const source = await freshDatabase("source");
      const portal = await spawnPortal({ env: { DATABASE_URL: source } });
      portals.push(portal);
      const reports: PublicGrievance[] = [];
      for (let i = 0; i < 5; i++) reports.push((await submit(portal.url, `Dry tap ${i}`))!);
      const file = path.join(freshFolder("backup-pg-archive-"), "pg.tar.gz");
      const backup = await runScript("backup", [file], { DATA_DIR: portal.dataDir, DATABASE_URL: source });
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain("Database: PostgreSQL");
      expect(backup.stdout).toContain("5 report(s)");
      expect(backup.stdout).toContain("Images: 15 file(s).");
      await portal.stop();

      const target = await freshDatabase("target");
      const dataDir = freshFolder("backup-pg-restored-");
      const restore = await runScript("restore", [file], { DATA_DIR: dataDir, DATABASE_URL: target });
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);
      for (const table of ["grievances", "grievance_events", "schema_migrations", "categories"]) {
        const sql = `SELECT count(*) AS n FROM ${table}`;
        expect(await count(target, sql), table).toBe(await count(source, sql));
      }

      const again = await runScript("restore", [file], { DATA_DIR: dataDir, DATABASE_URL: target });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/the database in DATABASE_URL already has \d+ table\(s\)/);

      const restored = await spawnPortal({ dataDir, env: { DATABASE_URL: target } });
      portals.push(restored);
      await expectReportsWithImages(restored.url, reports);
      await restored.stop();
    },
    300_000,
  );

  it("says what to install when pg_dump is missing", async () => {
    const result = await runScript("backup", [path.join(freshFolder("backup-no-pg-dump-"), "x.tar.gz")], {
      DATABASE_URL: "postgres://portal@127.0.0.1:1/portal",
      DATA_DIR: freshFolder("backup-no-pg-dump-data-"),
      // Only the folder of the Node that runs the script: no PostgreSQL tools.
      PATH: path.dirname(process.execPath),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("pg_dump was not found on PATH");
    expect(result.stderr).toContain("apt-get install postgresql-client");
    expect(result.stderr).toContain('pg_dump --format=custom --file=portal.dump "$DATABASE_URL"');
  });
});
