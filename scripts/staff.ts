/**
 * Staff accounts from the command line:
 *   npm run staff -- add <email> [--role staff]
 *                                     an administrator by default (the first admin is made here); asks for the
 *                                     password twice (hidden), or reads one line from stdin when piped
 *   npm run staff -- role <email> <staff|admin>
 *   npm run staff -- list
 *   npm run staff -- disable <email>  also ends the account's sessions at once
 *   npm run staff -- enable <email>
 * Uses the portal's own configuration (DATA_DIR / DATABASE_URL) and applies pending migrations. With the embedded
 * database only one process may open the data folder: stop the portal first (or use DATABASE_URL).
 * Exit code 0 on success, 1 with a message on any error.
 */
import { Writable } from "node:stream";
import readline from "node:readline";
import { z } from "zod";
import { PASSWORD_MIN_LENGTH, STAFF_ROLES, type StaffRole } from "#shared/staff/staff-schemas.ts";
import { loadConfig } from "#server/config.ts";
import type { Database } from "#server/db/database.ts";
import { describeDatabase, openDatabase } from "#server/db/open-database.ts";
import { DataDirectoryInUseError } from "#server/db/pglite-database.ts";
import { recordAudit } from "#server/admin/audit-log-repository.ts";
import { createAccount, listAccounts, setAccountDisabled, setAccountRole } from "#server/auth/account-repository.ts";
import { hashPassword } from "#server/auth/password.ts";

class UsageError extends Error {}

const USAGE = `Usage:
  npm run staff -- add <email> [--role staff|admin]   (admin by default)
  npm run staff -- role <email> <staff|admin>
  npm run staff -- list
  npm run staff -- disable <email>
  npm run staff -- enable <email>`;

function emailArgument(value: string | undefined): string {
  const parsed = z.email().max(254).safeParse(value?.trim());
  if (!parsed.success) throw new UsageError(`Please give a valid email address.\n${USAGE}`);
  return parsed.data;
}

/** One line typed without echo: a readline whose output swallows everything after the prompt. */
function askHidden(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve, reject) => {
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    rl.on("SIGINT", () => {
      rl.close();
      reject(new UsageError("Cancelled."));
    });
    muted = true;
  });
}

/** The first line of a piped stdin (so `echo "$PASSWORD" | npm run staff -- add x@y` works). */
async function readFirstLine(): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return "";
}

async function readPassword(): Promise<string> {
  let password: string;
  if (process.stdin.isTTY) {
    password = await askHidden("Password: ");
    const again = await askHidden("Repeat password: ");
    if (password !== again) throw new UsageError("The two passwords differ. Nothing was changed.");
  } else {
    password = await readFirstLine();
  }
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new UsageError(`The password must be at least ${PASSWORD_MIN_LENGTH} characters long. Nothing was changed.`);
  }
  return password;
}

function roleArgument(value: string | undefined): StaffRole {
  const role = STAFF_ROLES.find((known) => known === value);
  if (!role) throw new UsageError(`Please give the role as staff or admin.\n${USAGE}`);
  return role;
}

/** Every change made here is in the audit log, by "command line" (docs/decisions/017). */
const audited = (database: Database, action: string, target: string, details: Record<string, unknown> = {}) =>
  recordAudit(database, "command line", { action, target, details });

async function run(db: () => Promise<Database>, args: string[]): Promise<string> {
  const [command, email, ...rest] = args;
  switch (command) {
    case "add": {
      const address = emailArgument(email);
      const roleAt = rest.indexOf("--role");
      const role = roleAt === -1 ? "admin" : roleArgument(rest[roleAt + 1]);
      // Ask before opening the database, so a slow typist does not hold the data folder.
      const hash = await hashPassword(await readPassword());
      const database = await db();
      const account = await database.transaction(async (tx) => {
        const created = await createAccount(tx, address, hash, role);
        await recordAudit(tx, "command line", { action: "account.create", target: created.email, details: { role } });
        return created;
      });
      const what = role === "admin" ? "Administrator account" : "Staff account";
      return `${what} ${account.email} created. Sign in at /staff/sign-in.`;
    }
    case "role": {
      const address = emailArgument(email);
      const role = roleArgument(rest[0]);
      const database = await db();
      if (!(await setAccountRole(database, address, role)))
        throw new UsageError(`There is no staff account for ${address}.`);
      await audited(database, "account.role", address, { to: role });
      return `${address} is now ${role === "admin" ? "an administrator" : "a member of staff"}.`;
    }
    case "list": {
      const accounts = await listAccounts(await db());
      if (accounts.length === 0) return "No staff accounts yet. Create one with: npm run staff -- add <email>";
      return accounts
        .map(
          (a) =>
            `${a.email}\t${a.role}\tcreated ${new Date(a.created_at).toISOString()}\t${a.disabled_at ? "disabled" : "active"}`,
        )
        .join("\n");
    }
    case "disable":
    case "enable": {
      const address = emailArgument(email);
      const database = await db();
      const found = await setAccountDisabled(database, address, command === "disable");
      if (!found) throw new UsageError(`There is no staff account for ${address}.`);
      await audited(database, `account.${command}`, address);
      return command === "disable"
        ? `Staff account ${address} disabled; its sessions have ended.`
        : `Staff account ${address} enabled.`;
    }
    default:
      throw new UsageError(USAGE);
  }
}

async function main(): Promise<number> {
  let opened: Database | undefined;
  try {
    const config = loadConfig();
    const message = await run(async () => {
      if (!opened) {
        // Said first: run without the portal's DATA_DIR, this would be a new, empty database of its own.
        console.log(`Database: ${describeDatabase(config)}`);
        opened = await openDatabase(config);
      }
      return opened;
    }, process.argv.slice(2));
    console.log(message);
    return 0;
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) {
      console.error(
        `${error.message}\nThe embedded database can be opened by one process at a time: stop the portal, run this command, then start the portal again.`,
      );
    } else {
      console.error((error as Error).message);
    }
    return 1;
  } finally {
    await opened?.close();
  }
}

process.exitCode = await main();
