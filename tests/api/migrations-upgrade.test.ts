import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicGrievance } from "#shared/api-types.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import type { Database } from "#server/db/database.ts";
import { migrate } from "#server/db/migrate.ts";
import { openPgliteDatabase } from "#server/db/pglite-database.ts";
import { runEscalationCheck } from "#server/targets/escalation-check.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { makeJpeg, makePng } from "../fixtures/images.ts";
import { REPOSITORY_ROOT, runScript } from "../support/run-script.ts";
import { openTestDatabase } from "./test-app.ts";
import { addStaff, staffClient } from "./staff/staff-helpers.ts";

// Upgrades (docs/operating.md): migrations only move forward, from the first release's schema (migration 001, the
// specification's one table) with the rows that release wrote, to the latest, and the portal then serves those rows.
const MIGRATIONS = path.join(REPOSITORY_ROOT, "migrations");

let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "migrations-upgrade-"));
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

/** Reports as the first release inserted them: its columns only, images as [{ key, thumbnailKey }]. */
const FIRST_RELEASE_ROWS = [
  {
    id: "6f0c1a52-4d7e-4b8f-9a51-0c3c2f1e9a01",
    title: "No water since Tuesday",
    description: "The standpipe at the market gives no water at all.",
    location: "Market Square",
    category: "Water Supply Problems",
    priority: "urgent",
    status: "pending",
    user_email: "amina@example.org",
    user_phone: "+254 711 000 111",
    images: [
      { key: "1736496000000-abcdefghij-standpipe.jpg", thumbnailKey: "1736496000000-abcdefghij-standpipe.thumb.jpg" },
    ],
    created_at: "2025-01-10T08:00:00.000Z",
  },
  {
    id: "6f0c1a52-4d7e-4b8f-9a51-0c3c2f1e9a02",
    title: "Sewage overflowing near the school",
    description: "Waste water runs across the road to the primary school.",
    location: null,
    category: "Sanitation Issues",
    priority: "high",
    status: "in-progress",
    user_email: null,
    user_phone: "+254 722 000 222",
    images: [
      { key: "1736582400000-klmnopqrst-drain.png", thumbnailKey: "1736582400000-klmnopqrst-drain.thumb.png" },
      { key: "1736582400001-uvwxyz0123-road.jpg", thumbnailKey: "1736582400001-uvwxyz0123-road.thumb.jpg" },
    ],
    created_at: "2025-01-11T08:00:00.000Z",
  },
  {
    id: "6f0c1a52-4d7e-4b8f-9a51-0c3c2f1e9a03",
    title: "Leaking valve on Hill Road",
    description: "A valve leaks day and night.",
    location: "Hill Road 4",
    category: "Leakage Issues",
    priority: "low",
    status: "resolved",
    user_email: "peter@example.org",
    user_phone: null,
    images: [],
    created_at: "2025-01-12T08:00:00.000Z",
  },
];

/** A database at migration 001 only, holding the first release's rows. */
async function firstReleaseDatabase(): Promise<{ db: Database; drop(): Promise<void> }> {
  const firstOnly = await fs.mkdtemp(path.join(root, "first-release-"));
  await fs.copyFile(path.join(MIGRATIONS, "001_grievances.sql"), path.join(firstOnly, "001_grievances.sql"));
  const opened = await openTestDatabase(firstOnly);
  for (const row of FIRST_RELEASE_ROWS) {
    await opened.db.query(
      `INSERT INTO grievances (id, title, description, location, category, priority, status, user_email, user_phone, images, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11)`,
      [
        row.id,
        row.title,
        row.description,
        row.location,
        row.category,
        row.priority,
        row.status,
        row.user_email,
        row.user_phone,
        JSON.stringify(row.images),
        row.created_at,
      ],
    );
  }
  return opened;
}

async function withPortal<T>(db: Database, work: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const storageDir = await fs.mkdtemp(path.join(root, "storage-"));
  const config = {
    ...loadConfig({ DATA_DIR: root, STORAGE_DIR: storageDir, LOG_LEVEL: "silent" }),
    webDir: path.join(root, "no-web"),
  };
  const imageStore = new LocalImageStore(storageDir);
  // The first release's image files, so that its reports' photos can be fetched.
  for (const row of FIRST_RELEASE_ROWS) {
    for (const image of row.images) {
      const make = image.key.endsWith(".png") ? makePng : makeJpeg;
      await imageStore.put(image.key, await make(20, 20), "image/jpeg");
      await imageStore.put(image.thumbnailKey, await make(10, 10), "image/jpeg");
    }
  }
  const app = await buildApp({ config, db, imageStore, logger: false });
  await app.ready();
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

const allMigrations = async () => (await fs.readdir(MIGRATIONS)).filter((name) => /^\d+_.+\.sql$/.test(name)).sort();

describe("upgrading from the first release", () => {
  it("applies every later migration to the first release's rows, and the portal serves them as they were", async () => {
    const { db, drop } = await firstReleaseDatabase();
    try {
      expect(await migrate(db)).toEqual((await allMigrations()).slice(1));

      await withPortal(db, async (app) => {
        const list = await app.inject({ method: "GET", url: "/api/grievances" });
        expect(list.statusCode, list.body).toBe(200);
        const listed = list.json<{ items: PublicGrievance[]; total: number; matching: number }>();
        expect(listed.total).toBe(3);
        // Newest first, each with the fields it was stored with (contact details masked for the public).
        expect(listed.items.map((g) => g.id)).toEqual(FIRST_RELEASE_ROWS.map((r) => r.id).reverse());
        const references = new Set<string>();
        for (const row of FIRST_RELEASE_ROWS) {
          const detail = await app.inject({ method: "GET", url: `/api/grievances/${row.id}` });
          expect(detail.statusCode, detail.body).toBe(200);
          const shown = detail.json<PublicGrievance>();
          expect(shown).toMatchObject({
            title: row.title,
            description: row.description,
            location: row.location,
            category: row.category,
            priority: row.priority,
            status: row.status,
            created_at: row.created_at,
            latitude: null,
            longitude: null,
            affected: 1,
          });
          expect(shown.user_email === null).toBe(row.user_email === null);
          if (row.user_email) expect(shown.user_email).not.toBe(row.user_email);
          expect(shown.images).toEqual(
            row.images.map((i) => ({
              url: `/media/grievance-images/${i.key}`,
              thumbnailUrl: `/media/grievance-images/${i.thumbnailKey}`,
            })),
          );
          for (const image of shown.images) {
            expect((await app.inject({ method: "GET", url: image.url })).statusCode).toBe(200);
            expect((await app.inject({ method: "GET", url: image.thumbnailUrl })).statusCode).toBe(200);
          }
          // Migration 010 gave every old report a reference, and the search finds the report by it.
          expect(shown.reference).toMatch(/^WS-[2-9A-HJ-NP-Z]{6}$/);
          references.add(shown.reference);
          const byReference = await app.inject({ method: "GET", url: `/api/grievances?q=${shown.reference}` });
          expect(byReference.json<{ items: PublicGrievance[] }>().items.map((g) => g.id)).toEqual([row.id]);
          // ... and the public timeline starts with the report.
          const progress = await app.inject({ method: "GET", url: `/api/grievances/${row.id}/progress` });
          expect(progress.json().timeline).toEqual([{ type: "reported", at: row.created_at }]);
        }
        expect(references.size).toBe(3);

        // Words of the old rows are searchable (migration 009's generated column was computed for them).
        const search = await app.inject({ method: "GET", url: "/api/grievances?q=valve" });
        expect(search.json<{ items: PublicGrievance[] }>().items.map((g) => g.title)).toEqual([
          "Leaking valve on Hill Road",
        ]);

        // The tallies of migration 004 counted the old rows: filtered counts and the statistics agree with them.
        const pending = await app.inject({ method: "GET", url: "/api/grievances?status=pending" });
        expect(pending.json()).toMatchObject({ matching: 1, total: 3 });
        const sanitation = await app.inject({
          method: "GET",
          url: `/api/grievances?category=${encodeURIComponent("Sanitation Issues")}`,
        });
        expect(sanitation.json()).toMatchObject({ matching: 1 });
        const stats = (await app.inject({ method: "GET", url: "/api/stats" })).json();
        expect(stats).toMatchObject({
          total: 3,
          byStatus: { pending: 1, "in-progress": 1, resolved: 1 },
          byCategory: {
            "Water Supply Problems": 1,
            "Sanitation Issues": 1,
            "Leakage Issues": 1,
            "Water Quality Issues": 0,
          },
        });

        // Staff work on an old report like on a new one: the status change is an event and moves the tallies.
        await addStaff(db);
        const asStaff = await staffClient(app);
        const changed = await asStaff({
          method: "POST",
          url: `/api/staff/grievances/${FIRST_RELEASE_ROWS[0]!.id}/status`,
          payload: { status: "in-progress", note: "A crew is on its way." },
        });
        expect(changed.statusCode, changed.body).toBe(200);
        expect((await app.inject({ method: "GET", url: "/api/grievances?status=pending" })).json()).toMatchObject({
          matching: 0,
          total: 3,
        });
      });
    } finally {
      await drop();
    }
  });

  it("escalates none of the first release's overdue reports at the first check, and a target missed later", async () => {
    const { db, drop } = await firstReleaseDatabase();
    try {
      await migrate(db);
      await db.query("INSERT INTO staff_accounts (email, role) VALUES ('admin@water.example', 'admin')");
      // Both open reports are long past the due times migration 031 gave them: overdue, but no message for them.
      expect(await runEscalationCheck(db, new Date(), "http://portal.test")).toBe(0);
      await db.query(
        `INSERT INTO grievances (title, description, category, due_acknowledge_at, due_resolve_at)
         VALUES ('Burst pipe', 'Water everywhere.', 'Leakage Issues', now() - interval '1 minute', now() + interval '1 day')`,
      );
      expect(await runEscalationCheck(db, new Date(), "http://portal.test")).toBe(1);
      const { rows } = await db.query<{ kind: string; subject: string }>("SELECT kind, subject FROM outbox");
      expect(rows).toEqual([
        expect.objectContaining({ kind: "escalation", subject: expect.stringContaining("Burst pipe") }),
      ]);
    } finally {
      await drop();
    }
  });

  it("does nothing to a database that has every migration", async () => {
    const { db, drop } = await openTestDatabase();
    try {
      const recorded = async () =>
        (
          await db.query<{ name: string; applied_at: string; checksum: string }>(
            "SELECT name, applied_at::text, checksum FROM schema_migrations ORDER BY name",
          )
        ).rows;
      const before = await recorded();
      expect(before.map((r) => r.name)).toEqual(await allMigrations());
      const warnings: string[] = [];
      expect(await migrate(db, undefined, { warn: (message) => warnings.push(message) })).toEqual([]);
      expect(await recorded()).toEqual(before);
      expect(warnings).toEqual([]);
    } finally {
      await drop();
    }
  });

  // A rolling upgrade: the new version migrated the database, and an instance of the old version (re)starts before
  // it is replaced. It must keep serving, so it carries on, and says why the database looks newer than it.
  it("carries on with a warning when the database has a migration this code does not know", async () => {
    const { db, drop } = await openTestDatabase();
    try {
      await db.exec("CREATE TABLE from_a_newer_version (id int)");
      await db.query("INSERT INTO schema_migrations (name, checksum) VALUES ('999_from_a_newer_version.sql', 'abc')");
      const warnings: string[] = [];
      expect(await migrate(db, undefined, { warn: (message) => warnings.push(message) })).toEqual([]);
      expect(warnings).toEqual([
        "The database has a migration this version of the portal does not know (999_from_a_newer_version.sql): " +
          "a newer version upgraded it. Carrying on; finish the upgrade so that every instance runs the new version.",
      ]);
      await withPortal(db, async (app) => {
        expect((await app.inject({ method: "GET", url: "/api/grievances" })).statusCode).toBe(200);
      });
    } finally {
      await drop();
    }
  });
});

const runMigrate = (dataDir: string) => runScript("scripts/migrate.ts", [], { DATA_DIR: dataDir });

// Each run starts Node and the embedded PostgreSQL: seconds apiece on a busy machine.
describe("npm run migrate", { timeout: 120_000 }, () => {
  it("applies every migration to a new DATA_DIR, then says it is up to date, and refuses while a portal runs", async () => {
    const dataDir = await fs.mkdtemp(path.join(root, "data-"));
    const first = await runMigrate(dataDir);
    expect(first).toMatchObject({ code: 0, stderr: "" });
    const names = await allMigrations();
    expect(first.stdout).toBe(
      `Migrating the embedded database in ${dataDir}/db (DATA_DIR=${dataDir}) ...\nApplied ${names.length} migrations:\n${names.map((n) => `  ${n}`).join("\n")}\n`,
    );

    const second = await runMigrate(dataDir);
    expect(second).toMatchObject({ code: 0, stderr: "" });
    expect(second.stdout).toBe(
      `Migrating the embedded database in ${dataDir}/db (DATA_DIR=${dataDir}) ...\nThe database is up to date.\n`,
    );

    const running = await openPgliteDatabase(path.join(dataDir, "db"));
    try {
      await running.query(
        "INSERT INTO schema_migrations (name, checksum) VALUES ('999_from_a_newer_version.sql', 'abc')",
      );
      const refused = await runMigrate(dataDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("is already in use by another running portal");
      expect(refused.stderr).toContain("stop the portal, run this command, then start it again");
    } finally {
      await running.close();
    }

    const newer = await runMigrate(dataDir);
    expect(newer.code).toBe(0);
    expect(newer.stdout).toContain("The database is up to date.");
    expect(newer.stderr).toContain("this version of the portal does not know (999_from_a_newer_version.sql)");
  });
});
