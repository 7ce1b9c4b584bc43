import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import type { Database } from "#server/db/database.ts";
import { openDatabase } from "#server/db/open-database.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { runScript } from "../../support/run-script.ts";
import { signIn } from "./staff-helpers.ts";

// The CLI against the embedded database in a temporary DATA_DIR, as an operator would run it.
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "staff-cli-"));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

const runCli = (args: string[], stdin = "") => runScript("scripts/staff.ts", args, { DATA_DIR: dataDir }, stdin);

async function withApp<T>(work: (app: Awaited<ReturnType<typeof buildApp>>, db: Database) => Promise<T>): Promise<T> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  const db = await openDatabase(config);
  const app = await buildApp({ config, db, imageStore: new LocalImageStore(config.storageDir), logger: false });
  try {
    return await work(app, db);
  } finally {
    await app.close();
    await db.close();
  }
}

// Each run starts Node, tsx and the embedded PostgreSQL: seconds apiece on a busy machine.
describe("npm run staff", { timeout: 120_000 }, () => {
  it("creates an administrator from a piped password, which can then sign in as one", async () => {
    const added = await runCli(["add", "Operator@Water.Example"], "a long enough password\nignored second line\n");
    expect(added).toMatchObject({ code: 0, stderr: "" });
    expect(added.stdout).toContain("Administrator account Operator@Water.Example created.");

    await withApp(async (app) => {
      const signedIn = await signIn(app, "operator@water.example", "a long enough password");
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().role).toBe("admin");
      expect((await signIn(app, "operator@water.example", "ignored second line")).statusCode).toBe(401);
    });
  });

  it("makes a member of staff with --role staff, changes roles, and records it all in the audit log", async () => {
    const added = await runCli(["add", "crew@water.example", "--role", "staff"], "a long enough password\n");
    expect(added.stdout).toContain("Staff account crew@water.example created.");
    expect((await runCli(["role", "crew@water.example", "admin"])).stdout).toContain(
      "crew@water.example is now an administrator.",
    );
    expect((await runCli(["role", "crew@water.example", "boss"])).stderr).toContain(
      "Please give the role as staff or admin.",
    );
    expect((await runCli(["list"])).stdout).toMatch(/crew@water\.example\tadmin\tcreated/);
    await withApp(async (_app, db) => {
      const { rows } = await db.query<{ actor: string; action: string; target: string; details: unknown }>(
        "SELECT actor, action, target, details FROM audit_log WHERE target = 'crew@water.example' ORDER BY id",
      );
      expect(rows).toEqual([
        { actor: "command line", action: "account.create", target: "crew@water.example", details: { role: "staff" } },
        { actor: "command line", action: "account.role", target: "crew@water.example", details: { to: "admin" } },
      ]);
    });
  });

  it("refuses a short password, a duplicate and a bad e-mail with exit code 1 and a message", async () => {
    const short = await runCli(["add", "short@water.example"], "too short\n");
    expect(short.code).toBe(1);
    expect(short.stderr).toContain("The password must be at least 12 characters long.");
    const duplicate = await runCli(["add", "operator@water.example"], "another long password\n");
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain("already exists");
    const bad = await runCli(["add", "not-an-email"], "another long password\n");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("Please give a valid email address.");
    const unknown = await runCli(["frobnicate"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Usage:");
  });

  it("lists, disables and enables accounts; a disabled account cannot sign in", async () => {
    const disabled = await runCli(["disable", "operator@water.example"]);
    expect(disabled).toMatchObject({ code: 0 });
    const list = await runCli(["list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/Operator@Water\.Example\tadmin\tcreated \S+\tdisabled/);
    await withApp(async (app) => {
      expect((await signIn(app, "operator@water.example", "a long enough password")).statusCode).toBe(401);
    });
    expect((await runCli(["enable", "operator@water.example"])).code).toBe(0);
    expect((await runCli(["list"])).stdout).toContain("\tactive");
    expect((await runCli(["enable", "nobody@water.example"])).stderr).toContain("There is no staff account for");
  });

  it("says which database it opened, so a command run without the portal's DATA_DIR is noticed", async () => {
    const list = await runCli(["list"]);
    expect(list.code).toBe(0);
    expect(list.stdout.split("\n")[0]).toBe(
      `Database: the embedded database in ${path.join(dataDir, "db")} (DATA_DIR=${dataDir})`,
    );

    const elsewhere = await runScript("scripts/staff.ts", ["list"], {
      DATABASE_URL: "postgres://crew:secret@127.0.0.1:9/none",
    });
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stdout).toContain(
      "Database: the PostgreSQL database postgres://crew:***@127.0.0.1:9/none (DATABASE_URL)",
    );
    expect(elsewhere.stdout + elsewhere.stderr).not.toContain("secret");
  });

  it("says clearly that the embedded database is in use while the portal runs", async () => {
    await withApp(async () => {
      const result = await runCli(["list"]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("already in use");
      expect(result.stderr).toContain("stop the portal");
    });
  });
});
