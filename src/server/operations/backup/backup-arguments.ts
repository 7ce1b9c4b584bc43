import { BackupError } from "./backup-error.ts";

/** `<file> [--force]`, in either order: what both `npm run backup` and `npm run restore` take. */
export function parseArchiveArguments(args: string[], usage: string): { file: string; force: boolean } {
  const force = args.includes("--force");
  const rest = args.filter((arg) => arg !== "--force");
  const unknown = rest.find((arg) => arg.startsWith("--"));
  if (unknown) throw new BackupError(`Unknown option ${unknown}.\n${usage}`);
  if (rest.length !== 1 || !rest[0]) throw new BackupError(usage);
  return { file: rest[0], force };
}

/** Bytes as an operator reads them: 1.5 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ["kB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
