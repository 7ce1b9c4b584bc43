import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { spawnPortal, type PortalProcess } from "../support/portal-process.ts";

/**
 * `npm run retention` (docs/decisions/042-privacy-and-retention.md) as an operator runs it: on the embedded database
 * while a portal runs on the same DATA_DIR (which then runs it through its control socket, as for `npm run backup`),
 * and when none runs. RETENTION_CONTACT_DAYS=0 erases the contact details of every resolved report at that run.
 */
const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const EMAIL = "officer@water.example";
const PASSWORD = "correct horse battery staple";
const PERIODS = { RETENTION_CONTACT_DAYS: "0", RETENTION_EMAIL_DAYS: "0" };

let portal: PortalProcess | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "retention-script-"));
afterAll(() => {
  portal?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function retention(args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", STORAGE_DIR: "", LOG_LEVEL: "warn", ...PERIODS };
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, "scripts/retention.ts"), ...args], {
      cwd: root,
      env,
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

const countOf = (stdout: string, label: string) => Number(new RegExp(`${label}\\s+(\\d+)`).exec(stdout)?.[1]);

describe("npm run retention", () => {
  it("runs while the portal runs on the same data folder, which keeps serving", async () => {
    const cli = spawnSync(process.execPath, ["scripts/staff.ts", "add", EMAIL], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      input: `${PASSWORD}\n`,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(cli.status, cli.stderr).toBe(0);
    portal = await spawnPortal({ dataDir, env: PERIODS });
    const url = portal.url;
    const origin = { origin: url };

    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: "No water since Monday",
      description: "The tap at the kiosk on Hill Road has been dry for three days.",
      category: "Water Supply Problems",
      user_email: "amina@example.org",
      user_phone: "0712 345 678",
    }))
      form.append(name, value);
    const submitted = await fetch(`${url}/api/grievances`, { method: "POST", body: form });
    expect(submitted.status).toBe(201);
    const { id, trackingUrl } = (await submitted.json()) as { id: string; trackingUrl: string };

    const signIn = await fetch(`${url}/api/staff/session`, {
      method: "POST",
      headers: { "content-type": "application/json", ...origin },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const staff = (suffix: string, init: RequestInit = {}) =>
      fetch(`${url}/api/staff/grievances/${id}${suffix}`, {
        ...init,
        headers: { "content-type": "application/json", ...origin, cookie },
      });
    const resolved = await staff("/status", {
      method: "POST",
      body: JSON.stringify({ status: "resolved", note: "Valve replaced." }),
    });
    expect(resolved.status, await resolved.text()).toBe(200);

    const dry = await retention(["--dry-run"]);
    expect(dry.stderr).toBe("");
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("Dry run (nothing changed)");
    expect(dry.stdout).toContain("run by the running portal");
    expect(countOf(dry.stdout, "Contact details of resolved reports")).toBe(1);
    const stillThere = (await (await staff("")).json()) as { user_email: string | null };
    expect(stillThere.user_email).toBe("amina@example.org");

    const erased = await retention([]);
    expect(erased.stderr).toBe("");
    expect(erased.code).toBe(0);
    expect(erased.stdout).toContain("Retention run: erased");
    expect(erased.stdout).toContain("run by the running portal");
    expect(countOf(erased.stdout, "Contact details of resolved reports")).toBe(1);
    console.log(erased.stdout);

    // The portal kept serving, the report kept its public record and its private link, without contact details.
    const after = (await (await staff("")).json()) as { user_email: string | null; user_phone: string | null };
    expect([after.user_email, after.user_phone]).toEqual([null, null]);
    expect((await fetch(`${url}/api/grievances/${id}`)).status).toBe(200);
    expect((await fetch(`${url}/api/track/${new URL(trackingUrl).pathname.split("/").pop()}`)).status).toBe(200);
    const audit = (await (await fetch(`${url}/api/staff/admin/audit-log`, { headers: { cookie } })).json()) as {
      entries: { action: string; actor: string }[];
    };
    expect(audit.entries[0]).toMatchObject({ action: "retention.run", actor: "command line" });
  }, 240_000);

  it("runs on the data folder itself once the portal is stopped, and refuses an unknown argument", async () => {
    await portal?.stop();
    portal = undefined;
    const alone = await retention([]);
    expect(alone.stderr).toBe("");
    expect(alone.code).toBe(0);
    expect(alone.stdout).toContain("run by this command");
    expect(countOf(alone.stdout, "Contact details of resolved reports")).toBe(0);
    const wrong = await retention(["--dryrun"]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("Unknown argument --dryrun.");
  }, 120_000);
});
