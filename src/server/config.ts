import path from "node:path";
import { z } from "zod";

/**
 * All configuration, read from the environment and validated once at start-up. Nothing else in the server
 * reads process.env.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  STORAGE_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  MAX_IMAGE_PIXELS: z.coerce.number().int().min(1_000_000).default(40_000_000),
  SUBMISSIONS_PER_HOUR: z.coerce.number().int().min(1).default(30),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server; when absent the embedded PGlite database in `<dataDir>/db` is used. */
  databaseUrl: string | undefined;
  /** Folder that holds the `grievance-images` bucket. */
  storageDir: string;
  logLevel: string;
  trustProxy: boolean;
  maxImagePixels: number;
  submissionsPerHour: number;
  /** Built SPA; served when present. */
  webDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(blankAsUnset(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    storageDir: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, "storage")),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    maxImagePixels: e.MAX_IMAGE_PIXELS,
    submissionsPerHour: e.SUBMISSIONS_PER_HOUR,
    webDir: path.resolve(import.meta.dirname, "../../dist/web"),
  };
}

// `FOO=` in a shell or .env file means "not set", not "set to nothing".
function blankAsUnset(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}
