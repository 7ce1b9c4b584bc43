import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openPgliteDatabase } from "#server/db/pglite-database.ts";
import { openPostgresDatabase } from "#server/db/postgres-database.ts";
import { DataMigrationError, migrateData } from "#server/operations/data-migration/data-migration.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { scratchPostgresUnavailable } from "../support/scratch-postgres.ts";
import { postGrievance, validFields } from "./test-app.ts";
import { signIn, staffClient, STAFF_EMAIL, STAFF_PASSWORD } from "./staff/staff-helpers.ts";
import {
  scratch,
  dataDir,
  config,
  before,
  reports,
  publicImageUrls,
  runMigrateData,
  withPortal,
  answerOf,
  publicAnswers,
  everyRow,
  rowsOfSource,
  withClient,
  relationsIn,
  useFilledDataDir,
} from "./migrate-data-support.ts";

// `npm run migrate-data` (migrate-data-support.ts): the copy into PostgreSQL, its verification and its refusals.

describe.skipIf(scratchPostgresUnavailable)(
  `npm run migrate-data ${scratchPostgresUnavailable ?? ""}`,
  { timeout: 180_000 },
  () => {
    useFilledDataDir();

    it("copies every row into an empty database, prints the verified counts, and a portal on it serves the same", async () => {
      const target = await scratch.createDatabase();
      const run = await runMigrateData(["--to", target]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^grievances +4 +[0-9a-f]{32} +equal$/m);
      expect(run.stdout).toMatch(/^grievance_events +\d+ +[0-9a-f]{32} +equal$/m);
      expect(run.stdout).toMatch(/^categories +8 +[0-9a-f]{32} +equal$/m);
      expect(run.stdout).toContain("The copy is complete and verified");
      const password = new URL(target).password;
      expect(run.stdout).toContain(`DATABASE_URL=${password ? target.replace(`:${password}@`, ":***@") : target}`);
      expect(run.stdout).toContain(`keep DATA_DIR=${dataDir}`);
      if (password) expect(run.stdout).not.toContain(`:${password}@`);

      // Every row, generated columns included, is the same on both sides: checked here independently of the script.
      const source = await rowsOfSource();
      expect(source.grievances).toHaveLength(4);
      expect(source.grievance_events!.length).toBeGreaterThanOrEqual(4);
      for (const table of [
        "outbox",
        "followers",
        "reporter_updates",
        "grievance_affected",
        "staff_sign_in_counters",
        "audit_log",
      ]) {
        expect(source[table]!.length, table).toBeGreaterThan(0);
      }
      const copied = await withClient(target, (client) => everyRow((sql) => client.query(sql)));
      expect(copied).toEqual(source);

      const db = await openPostgresDatabase(target);
      try {
        await withPortal(db, new LocalImageStore(config.storageDir), async (app) => {
          expect(await publicAnswers(app)).toEqual(before);
          for (const url of publicImageUrls()) {
            expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(200);
          }
          expect((await signIn(app, STAFF_EMAIL, STAFF_PASSWORD)).statusCode).toBe(200);
          // Sequences continue after the copied rows, and the triggers are back: a status change adds an event and
          // moves the tallies (the list's count).
          const asStaff = await staffClient(app);
          const pending = reports[1]!;
          const changed = await asStaff({
            method: "POST",
            url: `/api/staff/grievances/${pending.id}/status`,
            payload: { status: "in-progress" },
          });
          expect(changed.statusCode, changed.body).toBe(200);
          const inProgress = await app.inject({ method: "GET", url: "/api/grievances?status=in-progress" });
          expect(inProgress.json().matching).toBe(answerOf("/api/grievances?status=in-progress").matching + 1);
          const submitted = await postGrievance(app, { ...validFields, title: "A new report after the move" });
          expect(submitted.statusCode, submitted.body).toBe(201);
          expect((await app.inject({ method: "GET", url: "/api/grievances" })).json().total).toBe(
            answerOf("/api/grievances").total + 1,
          );
        });
      } finally {
        await db.close();
      }
    });

    it("refuses a database that is not empty and leaves it as it was", async () => {
      const target = await scratch.createDatabase();
      await withClient(target, (client) =>
        client.query("CREATE TABLE notes (body text); INSERT INTO notes VALUES ('keep me')"),
      );
      const run = await runMigrateData(["--to", target]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /^The target database is not empty: schema public holds notes\. .*Nothing was changed\.$/m,
      );
      expect(await relationsIn(target)).toEqual(["notes"]);
      expect(await withClient(target, async (c) => (await c.query("SELECT body FROM notes")).rows)).toEqual([
        { body: "keep me" },
      ]);
    });

    it("refuses while a portal holds the embedded database, and explains bad arguments", async () => {
      const target = await scratch.createDatabase();
      const running = await openPgliteDatabase(path.join(dataDir, "db"));
      try {
        const run = await runMigrateData(["--to", target]);
        expect(run.code).toBe(1);
        expect(run.stderr).toContain("is already in use by another running portal");
        expect(run.stderr).toContain("stop the portal, then run this command again");
      } finally {
        await running.close();
      }
      expect(await relationsIn(target)).toEqual([]);

      const noTarget = await runMigrateData([]);
      expect(noTarget).toMatchObject({ code: 1, stdout: "" });
      expect(noTarget.stderr).toMatch(
        /^Please name the target database with --to\.\nUsage: npm run migrate-data -- --to/,
      );
      const notPostgres = await runMigrateData(["--to", "mysql://localhost/portal"]);
      expect(notPostgres.stderr).toMatch(/^--to must be a postgres:\/\/ or postgresql:\/\/ URL\./);
      const emptyDir = await fs.mkdtemp(path.join(os.tmpdir(), "migrate-data-empty-"));
      try {
        const nothing = await runMigrateData(["--to", target], { DATA_DIR: emptyDir });
        expect(nothing.code).toBe(1);
        expect(nothing.stderr).toContain(`There is no embedded database in ${emptyDir}/db.`);
      } finally {
        await fs.rm(emptyDir, { recursive: true, force: true });
      }
    });

    it("leaves the target empty when the connection is lost in the middle of the copy, and succeeds when run again", async () => {
      const target = await scratch.createDatabase();
      const name = new URL(target).pathname.slice(1);
      const killed = migrateData({
        dataDir,
        targetUrl: target,
        batchRows: 1,
        log: async (line) => {
          if (!line.startsWith("Copied grievances")) return;
          await withClient(target, (client) =>
            client.query(
              "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
              [name],
            ),
          );
        },
      });
      await expect(killed).rejects.toBeInstanceOf(DataMigrationError);
      await expect(killed).rejects.toThrow(/Nothing was written to the target database/);
      expect(await relationsIn(target)).toEqual([]);

      const lines: string[] = [];
      const report = await migrateData({
        dataDir,
        targetUrl: target,
        batchRows: 2,
        log: (line) => void lines.push(line),
      });
      expect(report.sourceMigrations).toEqual([]);
      expect(report.tables.find((t) => t.table === "grievances")?.rows).toBe(4);
      expect(lines).toContain("Copied grievances: 4 rows.");
    });
  },
);
