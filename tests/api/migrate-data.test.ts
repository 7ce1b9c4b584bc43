import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig, type Config, type S3Config } from "#server/config.ts";
import type { Database } from "#server/db/database.ts";
import { openDatabase } from "#server/db/open-database.ts";
import { openPgliteDatabase } from "#server/db/pglite-database.ts";
import { openPostgresDatabase } from "#server/db/postgres-database.ts";
import { DataMigrationError, migrateData } from "#server/operations/data-migration/data-migration.ts";
import type { ImageStore } from "#server/storage/image-store.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { S3ImageStore } from "#server/storage/s3-image-store.ts";
import { makeJpeg, makePng } from "../fixtures/images.ts";
import { runScript } from "../support/run-script.ts";
import { scratchPostgresUnavailable, startScratchPostgres, type ScratchPostgres } from "../support/scratch-postgres.ts";
import { multipart, postGrievance, storedFiles, validFields } from "./test-app.ts";
import { addStaff, SAME_ORIGIN, signIn, staffClient, STAFF_EMAIL, STAFF_PASSWORD } from "./staff/staff-helpers.ts";

// `npm run migrate-data` as an operator runs it: a DATA_DIR on disk that a real portal filled through its API, copied
// into empty PostgreSQL databases, then a portal started on each copy.
const BUCKET = "grievance-images";

let scratch: ScratchPostgres;
let dataDir: string;
let config: Config;
/** What the portal on the embedded database answered, to compare with the portal on each copy. */
let before: Map<string, string>;
let reports: { id: string; token: string; imageUrls: string[] }[];
/** The photos the public may see (the hidden report's are withheld). */
const publicImageUrls = () => reports.slice(0, 3).flatMap((r) => r.imageUrls);

const runMigrateData = (args: string[], env: Record<string, string> = {}) =>
  runScript("scripts/migrate-data.ts", args, { DATA_DIR: dataDir, ...env });

async function withPortal<T>(
  db: Database,
  imageStore: ImageStore,
  work: (app: FastifyInstance) => Promise<T>,
): Promise<T> {
  const app = await buildApp({ config, db, imageStore, logger: false });
  await app.ready();
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

const answerOf = (url: string) =>
  JSON.parse(before.get(url)!.replace(/^200 /, "")) as { total: number; matching: number };

/** The public answers a visitor and a reporter see, by address. */
async function publicAnswers(app: FastifyInstance): Promise<Map<string, string>> {
  const urls = [
    "/api/grievances",
    "/api/grievances?status=in-progress",
    "/api/grievances?category=water-kiosks",
    "/api/grievances?q=kiosk",
    "/api/stats",
    "/api/categories",
    ...reports.flatMap((r) => [`/api/grievances/${r.id}`, `/api/grievances/${r.id}/progress`, `/api/track/${r.token}`]),
  ];
  const answers = new Map<string, string>();
  for (const url of urls) {
    const res = await app.inject({ method: "GET", url, headers: { host: SAME_ORIGIN.host } });
    // Less what differs between any two requests: the time of the statistics and each request's id.
    const body = res.body.replace(/"(generatedAt|requestId)":"[^"]*"/g, '"$1":"…"');
    answers.set(url, `${res.statusCode} ${body}`);
  }
  return answers;
}

/** Every row of every table (generated columns too) as text, in one order; the same output settings on both sides. */
async function everyRow(
  query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<Record<string, string[]>> {
  for (const setting of [
    "TimeZone = 'UTC'",
    "DateStyle = 'ISO, YMD'",
    "extra_float_digits = 1",
    "bytea_output = 'hex'",
  ]) {
    await query(`SET ${setting}`);
  }
  const { rows: tables } = await query(
    "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1",
  );
  const all: Record<string, string[]> = {};
  for (const { tablename } of tables as { tablename: string }[]) {
    if (tablename === "schema_migrations") continue;
    const { rows } = await query(`SELECT t::text AS row FROM "${tablename}" t ORDER BY t::text COLLATE "C"`);
    all[tablename] = rows.map((r) => r.row as string);
  }
  return all;
}

async function rowsOfSource(): Promise<Record<string, string[]>> {
  const db = await openPgliteDatabase(path.join(dataDir, "db"));
  try {
    return await everyRow((sql) => db.query(sql));
  } finally {
    await db.close();
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const relationsIn = (url: string) =>
  withClient(url, async (client) =>
    (
      await client.query<{ relname: string }>(
        "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' ORDER BY 1",
      )
    ).rows.map((r) => r.relname),
  );

/** A realistic embedded installation: reports with photos, staff work, followers and mail, updates, a new category. */
async function fillEmbeddedPortal(): Promise<void> {
  const db = await openDatabase(config);
  try {
    await withPortal(db, new LocalImageStore(config.storageDir), async (app) => {
      const admin = await addStaff(db, "admin@water.example");
      await db.query("UPDATE staff_accounts SET role = 'admin' WHERE id = $1", [admin.id]);
      await addStaff(db);
      const asAdmin = await staffClient(app, "admin@water.example");
      const asStaff = await staffClient(app);
      const category = await asAdmin({
        method: "POST",
        url: "/api/staff/admin/categories",
        payload: { name: "Water kiosks", service_code: "water-kiosks", description: "Kiosks and standpipes." },
      });
      expect(category.statusCode, category.body).toBe(201);

      const submissions: [Record<string, string>, { filename: string; bytes: Buffer; type: string }[]][] = [
        [
          { ...validFields, latitude: "-1.292066", longitude: "36.821946" },
          [{ filename: "tap.jpg", bytes: await makeJpeg(64, 48), type: "image/jpeg" }],
        ],
        [
          {
            ...validFields,
            title: "Kiosk closed all week",
            category: "water-kiosks",
            priority: "urgent",
            user_email: "",
          },
          [
            { filename: "kiosk.png", bytes: await makePng(40, 30), type: "image/png" },
            { filename: "queue.jpg", bytes: await makeJpeg(30, 20), type: "image/jpeg" },
          ],
        ],
        [
          {
            ...validFields,
            title: "Burst main on Hill Road",
            category: "Leakage Issues",
            priority: "low",
            user_phone: "",
          },
          [],
        ],
        [
          { ...validFields, title: "Photo shows a face", category: "Other" },
          [{ filename: "face.jpg", bytes: await makeJpeg(20, 20), type: "image/jpeg" }],
        ],
      ];
      reports = [];
      for (const [fields, files] of submissions) {
        const res = await postGrievance(app, fields, files);
        expect(res.statusCode, res.body).toBe(201);
        const body = res.json<SubmittedGrievance>();
        reports.push({
          id: body.id,
          token: new URL(body.trackingUrl).pathname.split("/").pop()!,
          imageUrls: body.images.flatMap((i) => [i.url, i.thumbnailUrl]),
        });
      }
      const [first, second, third, fourth] = reports as [
        (typeof reports)[0],
        (typeof reports)[0],
        (typeof reports)[0],
        (typeof reports)[0],
      ];
      const status = (id: string, to: string, note?: string) =>
        asStaff({
          method: "POST",
          url: `/api/staff/grievances/${id}/status`,
          payload: { status: to, ...(note && { note }) },
        });
      expect((await status(first.id, "in-progress", "A crew is on its way.")).statusCode).toBe(200);
      expect((await status(third.id, "resolved", "Main repaired.")).statusCode).toBe(200);
      expect(
        (
          await asStaff({
            method: "POST",
            url: `/api/staff/grievances/${fourth.id}/hide`,
            payload: { reason: "Shows a face" },
          })
        ).statusCode,
      ).toBe(200);
      // The reporter says it is not fixed: a reporter event, the report reopened.
      const answer = await app.inject({
        method: "POST",
        url: `/api/track/${third.token}/answer`,
        payload: { fixed: false, note: "Still leaking." },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const update = await app.inject({
        method: "POST",
        url: `/api/track/${second.token}/updates`,
        ...(await multipart({ text: "Now closed on weekends too." }, [
          { filename: "sign.jpg", bytes: await makeJpeg(24, 24), type: "image/jpeg" },
        ])),
      });
      expect(update.statusCode, update.body).toBe(201);
      for (const [i, id] of [first.id, first.id, second.id].entries()) {
        const pressed = await app.inject({
          method: "POST",
          url: `/api/grievances/${id}/affected`,
          remoteAddress: `203.0.113.${i}`,
          payload: { browserId: `browser-${"abc"[i]!.repeat(20)}` },
        });
        expect(pressed.statusCode, pressed.body).toBe(200);
      }
      const followed = await app.inject({
        method: "POST",
        url: `/api/grievances/${second.id}/followers`,
        headers: { host: SAME_ORIGIN.host },
        payload: { email: "neighbour@example.org" },
      });
      expect(followed.statusCode, followed.body).toBeLessThan(300);
      // A failed sign-in is throttling state, kept like the rest.
      expect((await signIn(app, STAFF_EMAIL, "wrong password")).statusCode).toBe(401);

      before = await publicAnswers(app);
      // The hidden report is withheld from the public and from its tracking link; everything else answers.
      const withheld = [...before].filter(([, answer]) => !answer.startsWith("200 ")).map(([url]) => url);
      expect(withheld).toEqual([
        `/api/grievances/${fourth.id}`,
        `/api/grievances/${fourth.id}/progress`,
        `/api/track/${fourth.token}`,
      ]);
    });
  } finally {
    await db.close();
  }
}

describe.skipIf(scratchPostgresUnavailable)(
  `npm run migrate-data ${scratchPostgresUnavailable ?? ""}`,
  { timeout: 180_000 },
  () => {
    beforeAll(async () => {
      scratch = await startScratchPostgres();
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "migrate-data-"));
      config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }), webDir: path.join(dataDir, "no-web") };
      await fillEmbeddedPortal();
    }, 180_000);
    afterAll(async () => {
      await scratch?.close();
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    });

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

    describe("--images-to s3", () => {
      let s3rver: S3rver;
      let s3Dir: string;
      let s3: S3Config;
      beforeAll(async () => {
        s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), "migrate-data-s3-"));
        s3rver = new S3rver({
          address: "127.0.0.1",
          port: 0,
          silent: true,
          directory: s3Dir,
          configureBuckets: [{ name: BUCKET, configs: [] }],
        });
        const { port } = await s3rver.run();
        s3 = {
          bucket: BUCKET,
          region: "us-east-1",
          endpoint: `http://127.0.0.1:${port}`,
          credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
          forcePathStyle: true,
        };
      });
      afterAll(async () => {
        await s3rver?.close();
        if (s3Dir) await fs.rm(s3Dir, { recursive: true, force: true });
      });
      const s3Env = () => ({
        S3_ENDPOINT: s3.endpoint!,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
      });

      it("copies every image to the bucket, verified, and the portal on S3 serves them; a second run skips them", async () => {
        const local = (await storedFiles(config.storageDir)).map((file) => path.basename(file)).sort();
        // Four photos of reports and one of an update, each with its thumbnail and medium size.
        expect(local).toHaveLength(15);

        const target = await scratch.createDatabase();
        const run = await runMigrateData(["--to", target, "--images-to", "s3"], s3Env());
        expect(run.stderr).toBe("");
        expect(run.code).toBe(0);
        expect(run.stdout).toContain("Images: 15 in the folder; 15 copied");
        expect(run.stdout).toContain("0 already in the bucket");
        expect(run.stdout).toContain(`IMAGE_STORAGE=s3 and the same S3_* settings (bucket ${BUCKET})`);
        const client = new S3Client({
          region: s3.region,
          endpoint: s3.endpoint,
          forcePathStyle: true,
          credentials: s3.credentials,
        });
        const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
        expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual(local);

        const db = await openPostgresDatabase(target);
        try {
          await withPortal(db, new S3ImageStore(s3), async (app) => {
            for (const url of publicImageUrls()) {
              const served = await app.inject({ method: "GET", url });
              expect(served.statusCode, url).toBe(200);
              const key = url.split("/").pop()!;
              expect(served.rawPayload.equals(await fs.readFile(path.join(config.storageDir, BUCKET, key)))).toBe(true);
            }
          });
        } finally {
          await db.close();
        }

        const again = await runMigrateData(["--to", await scratch.createDatabase(), "--images-to", "s3"], s3Env());
        expect(again.code).toBe(0);
        expect(again.stdout).toContain(
          "Images: 15 in the folder; 0 copied (0.0 MB), 15 already in the bucket with the same size",
        );
      });

      it("stops before copying anything when the bucket is not usable", async () => {
        const target = await scratch.createDatabase();
        const run = await runMigrateData(["--to", target, "--images-to", "s3"], {
          ...s3Env(),
          S3_BUCKET: "no-such-bucket",
        });
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(
          /^The S3 bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ is not usable \(.*\); check the S3_\* settings\.\nNothing was written/,
        );
        expect(await relationsIn(target)).toEqual([]);
      });
    });
  },
);
