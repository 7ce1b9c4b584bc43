import { spawn } from "node:child_process";
import { BackupError } from "./backup-error.ts";

export type PgTool = "pg_dump" | "pg_restore";

const MANUAL: Record<PgTool, string> = {
  pg_dump: 'pg_dump --format=custom --file=portal.dump "$DATABASE_URL"',
  pg_restore: 'pg_restore --no-owner --no-privileges --single-transaction --dbname="$DATABASE_URL" portal.dump',
};

/**
 * Runs a PostgreSQL client tool against `databaseUrl`. The password goes in PGPASSWORD rather than on the command
 * line, where every user of the machine could read it. Fails with the tool's own message, or with what to install
 * when it is missing.
 */
export async function runPgTool(tool: PgTool, args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const env = { ...process.env, ...(password && { PGPASSWORD: password }) };
  const child = spawn(tool, [...args, `--dbname=${url.toString()}`], { env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") reject(missingTool(tool));
      else reject(new BackupError(`${tool} could not be started: ${error.message}`));
    });
    child.once("close", (status) => resolve(status));
  });
  if (code !== 0) throw new BackupError(`${tool} failed (exit code ${code}):\n${stderr.trim()}`);
}

/** Fails with what to install when `tool` is not on PATH, before anything else is done. */
export async function ensurePgTool(tool: PgTool): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(tool, ["--version"], { stdio: "ignore" });
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT" ? missingTool(tool) : new BackupError(`${tool} could not be started: ${error.message}`),
      ),
    );
    child.once("close", () => resolve());
  });
}

function missingTool(tool: PgTool): BackupError {
  return new BackupError(
    `${tool} was not found on PATH; it comes with the PostgreSQL client tools, in the same major version as the ` +
      "server or newer. Install them (Debian/Ubuntu: apt-get install postgresql-client; Alpine: apk add " +
      "postgresql-client; macOS: brew install libpq) and run this command again, or run by hand:\n  " +
      MANUAL[tool],
  );
}
