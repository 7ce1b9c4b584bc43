/**
 * The retention run on demand, while the portal runs or not (docs/operating.md; docs/administration.md, "Privacy and
 * retention"):
 *   npm run retention [-- --dry-run]
 * Uses the portal's own configuration (DATA_DIR / DATABASE_URL, the RETENTION_* settings). --dry-run counts what
 * would be erased and changes nothing. Exit code 0 on success, 1 with a message on any error.
 */
import { ConfigError, loadConfig } from "#server/config.ts";
import { describeRetention, runRetentionCommand } from "#server/privacy/retention-command.ts";

const USAGE = "Usage: npm run retention [-- --dry-run]";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== "--dry-run");
  if (unknown.length > 0) {
    console.error(`Unknown argument ${unknown[0]}.\n${USAGE}`);
    return 1;
  }
  try {
    const result = await runRetentionCommand(loadConfig(), args.includes("--dry-run"));
    for (const line of describeRetention(result)) console.log(line);
    return 0;
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : (error as Error).message);
    return 1;
  }
}

process.exitCode = await main();
