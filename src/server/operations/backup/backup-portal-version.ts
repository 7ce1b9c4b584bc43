import fs from "node:fs/promises";
import path from "node:path";

const PACKAGE_JSON = path.resolve(import.meta.dirname, "../../../../package.json");

/** The version in package.json, recorded in each backup so an operator can tell which portal wrote it. */
export async function portalVersion(): Promise<string> {
  const { version } = JSON.parse(await fs.readFile(PACKAGE_JSON, "utf8")) as { version?: string };
  return version ?? "unknown";
}
