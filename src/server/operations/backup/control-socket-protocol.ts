import path from "node:path";

/**
 * The running portal's control socket (embedded database only): a Unix domain socket in the data folder through
 * which `npm run backup` asks the portal for a copy of its database, which only the process that holds the
 * database can take consistently. No network port: whoever may use it can read the data folder anyway.
 *
 * One request a connection: the client sends DUMP_REQUEST (or a retention request); the portal answers one JSON line
 * (a ControlAnswer), then, when ok, exactly `bytes` bytes of the dump (or of the retention run's report).
 */
export const DUMP_REQUEST = "dump-database\n";
/** `npm run retention` (docs/decisions/042-privacy-and-retention.md): the run, or its counts only; the answer's bytes
 * are the run's report as JSON. */
export const RETENTION_REQUEST = "retention\n";
export const RETENTION_DRY_RUN_REQUEST = "retention --dry-run\n";

/** What the portal answers each request with: the answer's bytes. */
export type ControlHandlers = Record<string, () => Promise<Blob | Buffer>>;

export type ControlAnswer = { ok: true; bytes: number } | { ok: false; message: string };

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, "control.sock");
}
