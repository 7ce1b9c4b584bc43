import path from "node:path";

/**
 * The running portal's control socket (embedded database only): a Unix domain socket in the data folder through
 * which `npm run backup` asks the portal for a copy of its database, which only the process that holds the
 * database can take consistently. No network port: whoever may use it can read the data folder anyway.
 *
 * One request a connection: the client sends DUMP_REQUEST; the portal answers one JSON line (a ControlAnswer), then,
 * when ok, exactly `bytes` bytes of the dump.
 */
export const DUMP_REQUEST = "dump-database\n";

export type ControlAnswer = { ok: true; bytes: number } | { ok: false; message: string };

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, "control.sock");
}
