import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig, type Config } from "#server/config.ts";
import type { Database } from "#server/db/database.ts";
import { openDatabase } from "#server/db/open-database.ts";
import { openPgliteDatabase } from "#server/db/pglite-database.ts";
import type { ImageStore } from "#server/storage/image-store.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { makeJpeg, makePng } from "../fixtures/images.ts";
import { runScript } from "../support/run-script.ts";
import { withClient } from "../support/postgres-test-database.ts";
import { startScratchPostgres, type ScratchPostgres } from "../support/scratch-postgres.ts";
import { multipart, postGrievance, validFields } from "./test-app.ts";
import { addStaff, SAME_ORIGIN, signIn, staffClient, STAFF_EMAIL } from "./staff/staff-helpers.ts";

export { withClient };

// `npm run migrate-data` as an operator runs it: a DATA_DIR on disk that a real portal filled through its API, copied
// into empty PostgreSQL databases, then a portal started on each copy. This module holds what the
// migrate-data-*.test.ts files share: the filled DATA_DIR, a scratch PostgreSQL server, and the comparisons.

export const BUCKET = "grievance-images";

export let scratch: ScratchPostgres;
export let dataDir: string;
export let config: Config;
/** What the portal on the embedded database answered, to compare with the portal on each copy. */
export let before: Map<string, string>;
export let reports: { id: string; token: string; imageUrls: string[] }[];
/** The photos the public may see (the hidden report's are withheld). */
export const publicImageUrls = () => reports.slice(0, 3).flatMap((r) => r.imageUrls);

export const runMigrateData = (args: string[], env: Record<string, string> = {}) =>
  runScript("scripts/migrate-data.ts", args, { DATA_DIR: dataDir, ...env });

export async function withPortal<T>(
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

export const answerOf = (url: string) =>
  JSON.parse(before.get(url)!.replace(/^200 /, "")) as { total: number; matching: number };

/** The public answers a visitor and a reporter see, by address. */
export async function publicAnswers(app: FastifyInstance): Promise<Map<string, string>> {
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
export async function everyRow(
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

export async function rowsOfSource(): Promise<Record<string, string[]>> {
  const db = await openPgliteDatabase(path.join(dataDir, "db"));
  try {
    return await everyRow((sql) => db.query(sql));
  } finally {
    await db.close();
  }
}

export const relationsIn = (url: string) =>
  withClient(url, async (client) =>
    (
      await client.query<{ relname: string }>(
        "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' ORDER BY 1",
      )
    ).rows.map((r) => r.relname),
  );

/** A realistic embedded installation: reports with photos, staff work, followers and mail, updates, a new category. */
export async function fillEmbeddedPortal(): Promise<void> {
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

/** A scratch PostgreSQL server and a DATA_DIR filled by an embedded portal, for the calling describe block. */
export function useFilledDataDir(): void {
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
}
