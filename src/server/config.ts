import path from "node:path";
import { z } from "zod";
import { parseOverdueTargets, type OverdueTargets } from "./staff/overdue-targets.ts";

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
  // S3-compatible image storage (AWS S3, MinIO, R2) instead of the folder.
  IMAGE_STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().min(3).max(63).default("grievance-images"),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // The portal's address as visitors reach it, for links it hands out (tracking links); without it, the address
  // each request was sent to. Origin and optional path, no query.
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .refine((url) => !/[?#]/.test(url), "must not have a query (?) or fragment (#)")
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  MAX_IMAGE_PIXELS: z.coerce.number().int().min(1_000_000).default(40_000_000),
  SUBMISSIONS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  // Long enough for a few phone photos over a weak mobile signal, short enough that a trickling client is cut off.
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  // Staff console (issue 3).
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  SIGN_IN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  // Stored images no report references are deleted once older than this (docs/operations.md, "Orphan sweep").
  ORPHAN_GRACE_MINUTES: z.coerce.number().int().min(0).max(7 * 24 * 60).default(60),
  OVERDUE_TARGETS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      try {
        return parseOverdueTargets(text);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
}).refine((e) => !e.S3_ACCESS_KEY_ID === !e.S3_SECRET_ACCESS_KEY, {
  message: "set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (then the AWS SDK's usual sources are used)",
  path: ["S3_SECRET_ACCESS_KEY"],
});

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** MinIO and most self-hosted servers need bucket-in-path addressing. */
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server; when absent the embedded PGlite database in `<dataDir>/db` is used. */
  databaseUrl: string | undefined;
  /** Folder that holds the `grievance-images` bucket. */
  storageDir: string;
  /** Set when IMAGE_STORAGE=s3: images go to this bucket instead of storageDir. */
  s3: S3Config | undefined;
  logLevel: string;
  /** PUBLIC_URL without a trailing slash: the start of the links the portal hands out; else the request's origin. */
  publicUrl: string | undefined;
  trustProxy: boolean;
  maxImagePixels: number;
  submissionsPerHour: number;
  /** Longest a client may take to send one request, headers and body; slower ones get a 408 and are disconnected. */
  requestTimeoutMs: number;
  /** Built SPA; served when present. */
  webDir: string;
  /** Staff sessions end after this many minutes without a request... */
  sessionIdleMinutes: number;
  /** ...and in any case this many hours after sign-in. */
  sessionMaxHours: number;
  /** Failed sign-ins per account and per address within the window before further attempts are refused. */
  signInMaxFailures: number;
  signInWindowMinutes: number;
  /** Days per priority after which an open report is overdue. */
  overdueTargetDays: OverdueTargets;
  /** Unreferenced stored objects younger than this are left alone: a submit in flight stores images first. */
  orphanGraceMinutes: number;
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
    s3:
      e.IMAGE_STORAGE === "s3"
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === "true" : e.S3_ENDPOINT !== undefined,
          }
        : undefined,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY,
    maxImagePixels: e.MAX_IMAGE_PIXELS,
    submissionsPerHour: e.SUBMISSIONS_PER_HOUR,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    webDir: path.resolve(import.meta.dirname, "../../dist/web"),
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    signInMaxFailures: e.SIGN_IN_MAX_FAILURES,
    signInWindowMinutes: e.SIGN_IN_WINDOW_MINUTES,
    overdueTargetDays: e.OVERDUE_TARGETS,
    orphanGraceMinutes: e.ORPHAN_GRACE_MINUTES,
  };
}

// `FOO=` in a shell or .env file means "not set", not "set to nothing".
function blankAsUnset(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}
