import fs from "node:fs";
import path from "node:path";
import { create, extract } from "tar";
import { describe, expect, it } from "vitest";
import type { PublicGrievance } from "#shared/api-types.ts";
import { migrate } from "#server/db/migrate.ts";
import { openPgliteDatabase } from "#server/db/pglite-database.ts";
import { spawnPortal } from "../support/portal-process.ts";
import {
  expectReportsWithImages,
  freshFolder,
  portals,
  root,
  runScript,
  submit,
  useScriptWorkspace,
} from "./backup-restore-scripts.ts";

/** npm run backup / npm run restore of the embedded database (docs/operating.md). */
const SUBMITTERS = 4;

useScriptWorkspace();

const imagesIn = (dataDir: string) => {
  const bucket = path.join(dataDir, "storage", "grievance-images");
  return fs.existsSync(bucket) ? fs.readdirSync(bucket) : [];
};

describe("backup and restore of the embedded database", () => {
  let archive: string;

  it("backs up a portal under write load; the restored copy has every acknowledged report with readable images", async () => {
    const portal = await spawnPortal({ env: { SUBMISSIONS_PER_HOUR: "100000" } });
    portals.push(portal);
    archive = path.join(freshFolder("backup-archive-"), "portal.tar.gz");

    const acknowledged: PublicGrievance[] = [];
    let stop = false;
    let sent = 0;
    const submitter = async () => {
      while (!stop) {
        const created = await submit(portal.url, `Burst pipe ${(sent += 1)}`);
        if (created) acknowledged.push(created);
      }
    };
    const load = Array.from({ length: SUBMITTERS }, submitter);
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 50));

    const before = [...acknowledged];
    const backup = await runScript("backup", [archive], { DATA_DIR: portal.dataDir });
    const duringBackup = acknowledged.length - before.length;
    // A few more after the backup, so the restored portal is known to lack reports that came later.
    const target = acknowledged.length + 10;
    while (acknowledged.length < target) await new Promise((resolve) => setTimeout(resolve, 50));
    stop = true;
    await Promise.all(load);

    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written to .*portal\.tar\.gz \(\d+\.\d (kB|MB)\)\./);
    expect(backup.stdout).toContain("copied from the running portal");
    // The load really ran across the backup.
    expect(duringBackup).toBeGreaterThan(0);

    // A restore into the running portal's folder is refused, even forced.
    const intoRunning = await runScript("restore", [archive, "--force"], { DATA_DIR: portal.dataDir });
    expect(intoRunning.code).toBe(1);
    expect(intoRunning.stderr).toContain("stop the portal first");
    await portal.stop();

    const restoredDir = freshFolder("backup-restored-");
    const restore = await runScript("restore", [archive], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    const restoredCount = Number(/Reports: (\d+)\./.exec(restore.stdout)?.[1]);
    expect(restoredCount).toBeGreaterThanOrEqual(before.length);
    expect(restoredCount).toBeLessThan(acknowledged.length);
    // Nothing of the restore's own is left in the folder.
    expect(fs.readdirSync(restoredDir).sort()).toEqual(["db", "storage"]);
    expect(fs.existsSync(path.join(restoredDir, "db", ".lock"))).toBe(false);

    const restored = await spawnPortal({ dataDir: restoredDir });
    portals.push(restored);
    await expectReportsWithImages(restored.url, before);
    const list = (await (await fetch(`${restored.url}/api/grievances?pageSize=1`)).json()) as { matching: number };
    expect(list.matching).toBe(restoredCount);
    await restored.stop();
  }, 300_000);

  it("refuses a folder that holds data unless --force, and then replaces it", async () => {
    const dataDir = freshFolder("backup-target-");
    expect((await runScript("restore", [archive], { DATA_DIR: dataDir })).code).toBe(0);
    const images = imagesIn(dataDir).sort();
    fs.writeFileSync(path.join(dataDir, "storage", "grievance-images", "1700000000000-abcdefghij-stray.jpg"), "x");

    const again = await runScript("restore", [archive], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("Nothing was restored: the target already holds a database");
    expect(again.stderr).toContain("add --force");

    const forced = await runScript("restore", [archive, "--force"], { DATA_DIR: dataDir });
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    // The images are the archive's: the stray file is gone.
    expect(imagesIn(dataDir).sort()).toEqual(images);
    expect(fs.readdirSync(dataDir).sort()).toEqual(["db", "storage"]);
  }, 120_000);

  it("refuses a damaged or foreign archive before touching the target", async () => {
    const work = freshFolder("backup-damaged-");
    const dataDir = path.join(work, "data");
    const expectRefused = async (file: string, message: RegExp) => {
      const result = await runScript("restore", [file], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(fs.existsSync(path.join(dataDir, "db", "PG_VERSION"))).toBe(false);
      expect(imagesIn(dataDir)).toEqual([]);
    };

    // Bytes flipped in the middle: gzip's own check fails.
    const flipped = path.join(work, "flipped.tar.gz");
    const bytes = fs.readFileSync(archive);
    for (let i = 0; i < 16; i++) bytes[Math.floor(bytes.length / 2) + i]! ^= 0xff;
    fs.writeFileSync(flipped, bytes);
    await expectRefused(flipped, /is not a backup archive of this portal, or it is damaged/);

    // A well-formed archive with one image changed: only the manifest's checksum tells.
    const unpacked = path.join(work, "unpacked");
    fs.mkdirSync(unpacked);
    await extract({ file: archive, cwd: unpacked });
    const imageDir = path.join(unpacked, "images", "grievance-images");
    const victim = fs.readdirSync(imageDir).find((name) => name.endsWith(".jpg"))!;
    const changed = fs.readFileSync(path.join(imageDir, victim));
    changed[changed.length - 3]! ^= 0x01;
    fs.writeFileSync(path.join(imageDir, victim), changed);
    const altered = path.join(work, "altered.tar.gz");
    await create({ file: altered, cwd: unpacked, gzip: true }, fs.readdirSync(unpacked));
    await expectRefused(
      altered,
      new RegExp(`is damaged: images/grievance-images/${victim} does not match the checksum`),
    );

    const text = path.join(work, "notes.txt");
    fs.writeFileSync(text, "not an archive\n");
    await expectRefused(text, /is not a backup archive of this portal/);
    await expectRefused(path.join(work, "missing.tar.gz"), /There is no backup file .*missing\.tar\.gz/);
  }, 120_000);

  it("backs up a stopped portal's folder itself, and never overwrites an archive unless --force", async () => {
    const dataDir = freshFolder("backup-stopped-");
    expect((await runScript("restore", [archive], { DATA_DIR: dataDir })).code).toBe(0);
    const file = path.join(freshFolder("backup-stopped-archive-"), "again.tar.gz");

    const first = await runScript("backup", [file], { DATA_DIR: dataDir });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("copied from the data folder");
    expect(first.stdout).toContain(`Images: ${imagesIn(dataDir).length} file(s).`);
    const written = fs.statSync(file).mtimeMs;

    const refused = await runScript("backup", [file], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("already exists. Choose another name, or add --force to replace it.");
    expect(fs.statSync(file).mtimeMs).toBe(written);
    expect(fs.readdirSync(path.dirname(file))).toEqual(["again.tar.gz"]);

    expect((await runScript("backup", [file, "--force"], { DATA_DIR: dataDir })).code).toBe(0);
    // The lock was given back: the folder can be opened again.
    expect(fs.existsSync(path.join(dataDir, "db", ".lock"))).toBe(false);

    const empty = await runScript("backup", [path.join(path.dirname(file), "empty.tar.gz")], {
      DATA_DIR: freshFolder("backup-empty-"),
    });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("There is no embedded database in");
  }, 120_000);

  it("migrates an archive of an older version up to this one on restore", async () => {
    const work = freshFolder("backup-old-");
    const oldMigrations = path.join(work, "migrations");
    fs.mkdirSync(oldMigrations);
    const all = fs
      .readdirSync(path.join(root, "migrations"))
      .filter((name) => name.endsWith(".sql"))
      .sort();
    const old = all.slice(0, 10);
    for (const name of old) fs.copyFileSync(path.join(root, "migrations", name), path.join(oldMigrations, name));
    const oldData = path.join(work, "old-data");
    const db = await openPgliteDatabase(path.join(oldData, "db"));
    await migrate(db, oldMigrations);
    await db.close();

    const file = path.join(work, "old.tar.gz");
    const backup = await runScript("backup", [file], { DATA_DIR: oldData });
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`${old.length} migration(s) applied`);

    const restore = await runScript("restore", [file], { DATA_DIR: path.join(work, "new-data") });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Migrations applied since the backup: ${all.slice(10).join(", ")}.`);
  }, 120_000);
});
