import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig, type Config } from "../../src/server/config.ts";
import type { Database } from "../../src/server/db/database.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { openPgliteDatabase } from "../../src/server/db/pglite-database.ts";
import { openPostgresDatabase } from "../../src/server/db/postgres-database.ts";
import { GrievanceRepository } from "../../src/server/grievances/grievance-repository.ts";
import type { ImageStore } from "../../src/server/storage/image-store.ts";
import { LocalImageStore } from "../../src/server/storage/local-image-store.ts";

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  storageDir: string;
  /** The bucket folder: `<storageDir>/grievance-images`. */
  bucketDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  /** Wraps the real repository or store, e.g. to make one step fail. */
  repository?: (real: GrievanceRepository) => GrievanceRepository;
  imageStore?: (real: ImageStore) => ImageStore;
}

/**
 * A fresh database: in-memory PGlite, or with TEST_DATABASE_URL a schema of its own on that PostgreSQL server
 * (dropped on close), so test files never see each other's rows.
 */
export async function openTestDatabase(): Promise<{ db: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openPgliteDatabase(undefined);
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const scoped = new URL(url);
  scoped.searchParams.set("options", `-c search_path=${schema},public`);
  const db = await openPostgresDatabase(scoped.toString());
  await migrate(db);
  return {
    db,
    async drop() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "portal-test-"));
  const storageDir = path.join(root, "storage");
  const config: Config = {
    ...loadConfig({ DATA_DIR: root, STORAGE_DIR: storageDir, LOG_LEVEL: "silent" }),
    // No built SPA unless a test asks for one.
    webDir: path.join(root, "no-web"),
    ...options.config,
  };
  const { db, drop } = await openTestDatabase();
  const realStore = new LocalImageStore(config.storageDir);
  const imageStore = options.imageStore ? options.imageStore(realStore) : realStore;
  const repository = options.repository ? options.repository(new GrievanceRepository(db)) : undefined;
  const app = await buildApp({ config, db, imageStore, logger: false, repository });
  await app.ready();
  return {
    app,
    db,
    config,
    storageDir: config.storageDir,
    bucketDir: realStore.bucketDir,
    async close() {
      await app.close();
      await drop();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

export interface FileField {
  name?: string;
  filename: string;
  bytes: Uint8Array;
  type?: string;
}

/** A multipart body as a browser would send it, serialised by the platform's own FormData. */
export async function multipart(
  fields: Record<string, string>,
  files: FileField[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(file.name ?? "images", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }), file.filename);
  }
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}

export const validFields = {
  title: "Brown water from the tap",
  description: "Since Monday the water in Elm Street is brown and smells of iron.",
  category: "Water Quality Issues",
  location: "Elm Street 12",
  priority: "high",
  user_email: "jane.doe@example.org",
  user_phone: "+254 700 123 489",
};

export async function postGrievance(app: FastifyInstance, fields: Record<string, string>, files: FileField[] = []) {
  const body = await multipart(fields, files);
  return app.inject({ method: "POST", url: "/api/grievances", ...body });
}

/** Every file under the storage folder, however deep (empty when the folder does not exist). */
export async function storedFiles(storageDir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(storageDir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

export async function countRows(db: Database): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM grievances");
  return rows[0]?.n ?? 0;
}
