import type { FastifyInstance, FastifyLoggerOptions } from "fastify";
import { buildApp } from "../app.ts";
import { ConfigError, loadConfig, type Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { MigrationError } from "../db/migrate.ts";
import { openDatabase } from "../db/open-database.ts";
import { DataDirectoryInUseError, isPgliteDatabase } from "../db/pglite-database.ts";
import { startControlSocket, type ControlSocket } from "../operations/backup/control-socket-server.ts";
import { localUrlOf, mailLinkBaseOf } from "./public-links.ts";
import { controlSocketPath, DUMP_REQUEST } from "../operations/backup/control-socket-protocol.ts";
import { retentionControlHandlers } from "../privacy/retention-command.ts";
import { createImageStore } from "../storage/create-image-store.ts";
import { missingOperatorSettings } from "../operator/operator-settings.ts";

export interface RunningPortal {
  config: Config;
  app: FastifyInstance;
  /**
   * Closed after app.close(), which also stops the background work that uses it (the loop, background-jobs.ts, and
   * the control socket), waiting a bounded time for a round or a backup copy in progress.
   */
  db: Database;
  url: string;
}

/** An operator-facing failure: printed as is, then the process exits with 1. */
export class StartupError extends Error {}

/** The URL people can open: a wildcard or loopback address is reached as localhost (public-links.ts). */
export const displayUrl = (host: string, port: number): string => localUrlOf(host, port);

/**
 * Start-up shared by `npm start` and `npm run dev`: configuration, database (with migrations), image store, app,
 * listen. Storage problems never stop start-up: the portal starts and reports them (form and /api/health).
 */
export async function startPortal(overrides: Partial<Config> = {}): Promise<RunningPortal> {
  let config: Config;
  try {
    config = { ...loadConfig(), ...overrides };
  } catch (error) {
    if (error instanceof ConfigError) throw new StartupError(error.message);
    throw error;
  }

  let db: Database;
  try {
    db = await openDatabase(config);
  } catch (error) {
    if (error instanceof MigrationError || error instanceof DataDirectoryInUseError)
      throw new StartupError(error.message);
    const where = config.databaseUrl ? "the PostgreSQL server in DATABASE_URL" : `the database in ${config.dataDir}`;
    throw new StartupError(`Could not open ${where}: ${(error as Error).message}`);
  }

  const imageStore = createImageStore(config);
  try {
    // The background work (outboxes, escalation, housekeeping, retention) starts once the app listens, and
    // app.close() stops it (background-jobs.ts).
    const app = await buildApp({ config, db, imageStore, logger: loggerOptions(config.logLevel), background: true });
    let controlSocket: ControlSocket | undefined;
    app.addHook("onClose", async () => {
      await controlSocket?.close();
    });
    try {
      await imageStore.check();
    } catch (error) {
      const settings = config.s3 ? "the S3_* settings" : "STORAGE_DIR";
      app.log.error({ err: error }, `Image storage (${imageStore.location}) is not usable; check ${settings}.`);
    }
    try {
      await app.listen({ host: config.host, port: config.port });
    } catch (error) {
      await app.close();
      throw new StartupError(`Could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
    }
    // Links that leave for others come from PUBLIC_URL only (public-links.ts): say what they are without it.
    if (!config.publicUrl) {
      app.log.warn(
        `PUBLIC_URL is not set: links in e-mail point to ${mailLinkBaseOf(config)}, and the Atom feeds and CAP ` +
          "documents carry links relative to their own address. Set PUBLIC_URL to the portal's public address.",
      );
    }
    // Who runs the portal and whom to call for a burst main: a real deployment names them (docs/configuration.md).
    const missingOperator = missingOperatorSettings(config.operator);
    if (missingOperator) app.log.warn(missingOperator);
    // `npm run backup` asks the portal that holds the embedded database for a consistent copy (operations/).
    if (isPgliteDatabase(db)) {
      const socketPath = controlSocketPath(config.dataDir);
      try {
        // And `npm run retention` asks it to run the retention there (privacy/retention-command.ts).
        const handlers = {
          [DUMP_REQUEST]: () => db.dumpDataDir(),
          ...retentionControlHandlers(db, imageStore, config.privacy.retention),
        };
        controlSocket = await startControlSocket(socketPath, handlers, app.log);
      } catch (error) {
        app.log.warn(
          { err: error },
          `The control socket ${socketPath} could not be opened: npm run backup works only while the portal is stopped.`,
        );
      }
    }
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    return {
      config,
      app,
      db,
      url: displayUrl(config.host, port),
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/**
 * JSON lines for log collectors, one per request (request-log.ts); readable lines when a person watches the
 * terminal, still with each request's id (reqId), the one a resident quotes from an error message.
 */
function loggerOptions(level: string): FastifyLoggerOptions & { transport?: object } {
  if (!process.stdout.isTTY) return { level };
  return {
    level,
    transport: {
      target: "pino-pretty",
      options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname", singleLine: true },
    },
  };
}

// Container runtimes kill a process 10 s after asking it to stop; exit on our own terms just before that.
const SHUTDOWN_DEADLINE_MS = 9_500;

/**
 * On the first SIGINT or SIGTERM runs `close` (finish the requests in flight, then close the database) and exits.
 * Later signals do not interrupt it: Ctrl-C reaches the server twice (from the terminal, and forwarded by npm), and
 * a second, impatient Ctrl-C must not cut requests either. Only the deadline ends a shutdown that hangs.
 */
export function closeOnSignals(close: () => Promise<void>, deadlineMs = SHUTDOWN_DEADLINE_MS): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      console.log(`${signal} received again: still finishing the requests in flight (at most ${deadlineMs / 1000} s).`);
      return;
    }
    closing = true;
    console.log(`\n${signal} received: finishing the requests in flight, then shutting down...`);
    setTimeout(() => {
      console.error(`Shutdown did not finish within ${deadlineMs / 1000} s; exiting without waiting any longer.`);
      process.exit(1);
    }, deadlineMs).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("Shutdown failed:", error);
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: with no listener left, a second signal would kill the process at once.
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}

/** Prints a start-up failure the way an operator needs it: the message, no stack for known causes. */
export function reportStartupFailure(error: unknown): never {
  if (error instanceof StartupError) console.error(error.message);
  else console.error("The portal could not start:", error);
  process.exit(1);
}
