import path from "node:path";
import { z } from "zod";
import type { S3Config } from "./storage/s3-image-store.ts";
import type { ServiceAreaGeometry } from "#shared/places/geo.ts";
import { parseMapCenter, type MapCenter } from "./places/map-center.ts";
import { readPmtilesFile, type PmtilesArchive } from "./places/pmtiles-file.ts";
import { readServiceArea } from "./places/service-area.ts";
import { checkTileUrl } from "./places/tile-url.ts";
import { parseAcknowledgeTargets, parseOverdueTargets, type OverdueTargets } from "./targets/overdue-targets.ts";
import { parseBrandColor } from "./operator/brand-color.ts";
import { readOperatorLogo } from "./operator/operator-logo.ts";
import { parseEmergencyPhone, type OperatorSettings } from "./operator/operator-settings.ts";
import { checkSmsSettings, smsConfig, smsEnvShape, type SmsConfig } from "./sms/sms-config.ts";
import { privacyConfig, privacyEnvShape, type PrivacySettings } from "./privacy/privacy-config.ts";

/** A value checked by one of the parsers above (they throw an Error whose message says what is wrong). */
const parsedWith = <T>(parse: (text: string) => T) =>
  z.string().transform((text, ctx) => {
    try {
      return parse(text);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message });
      return z.NEVER;
    }
  });

/** The OpenStreetMap standard tiles and the attribution their tile usage policy requires. */
export const DEFAULT_MAP_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const DEFAULT_MAP_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * All configuration, read from the environment and validated once at start-up; docs/configuration.md says what
 * each variable does (tests/unit/configuration-page.test.ts). Nothing else in the server reads process.env.
 */
export const envSchema = z
  .object({
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
    // One JSON line per request at info (docs/operating.md, "Logs"): "warn" keeps only problems, "debug" adds what
    // Node's HTTP server refuses before a request exists (scanners, broken clients).
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // GET /metrics (Prometheus) answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset, there is no
    // /metrics at all (404), since the figures are nobody's business on a public port. Long enough not to be guessed.
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters (e.g. openssl rand -hex 32)").optional(),
    // The portal's address as visitors reach it, for links it hands out. Links in e-mail, feeds and CAP documents
    // come only from it (required with SMTP_URL; docs/decisions/022-links-from-configuration.md); without it, an answer
    // to a visitor's own request (their tracking link) uses the address that request was sent to. Origin and optional
    // path, no query.
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
      .refine((url) => !/[?#]/.test(url), "must not have a query (?) or fragment (#)")
      .transform((url) => url.replace(/\/+$/, ""))
      .optional(),
    // E-mail (docs/decisions/014-transactional-outbox-email.md): an SMTP server, else .eml files in
    // DATA_DIR/mail. The URL's user and password are percent-encoded; STARTTLS is used when the server offers it.
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL (smtp://user:password@host:port)" })
      .optional(),
    // The sender of every message: an address, or a name and an address ("Water Portal <portal@utility.example>").
    MAIL_FROM: z
      .string()
      .regex(
        /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
        "must be an e-mail address, or a name and <address>",
      )
      .optional(),
    TRUST_PROXY: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    MAX_IMAGE_PIXELS: z.coerce.number().int().min(1_000_000).default(40_000_000),
    SUBMISSIONS_PER_HOUR: z.coerce.number().int().min(1).default(30),
    // Updates one client may add to reports from tracking pages per hour (docs/decisions/015-reporter-actions.md).
    REPORTER_UPDATES_PER_HOUR: z.coerce.number().int().min(1).default(20),
    // Long enough for a few phone photos over a weak mobile signal, short enough that a trickling client is cut off.
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    // A request's headers must all arrive within this (the body then has the rest of REQUEST_TIMEOUT_SECONDS): a
    // client sending one header line every few seconds is cut off at once instead of holding a connection for
    // minutes. A browser sends its headers in one packet; nginx allows 60 s by default.
    HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
    // Staff console (docs/decisions/005-staff-sessions-and-same-origin-checks.md).
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(60),
    SESSION_MAX_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(12),
    SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
    // Higher ceilings (decision 005): one account from every address, and one address across every account.
    SIGN_IN_MAX_ACCOUNT_FAILURES: z.coerce.number().int().min(1).max(10_000).default(20),
    SIGN_IN_MAX_ADDRESS_FAILURES: z.coerce.number().int().min(1).max(10_000).default(20),
    SIGN_IN_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
    // Stored images no report references are deleted once older than this (docs/operating.md, "Orphan sweep").
    ORPHAN_GRACE_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(60),
    OVERDUE_TARGETS: parsedWith(parseOverdueTargets).default(parseOverdueTargets("")),
    // Hours to acknowledge per priority, and seconds between two checks for missed targets (docs/decisions/030).
    ACKNOWLEDGE_TARGETS: parsedWith(parseAcknowledgeTargets).default(parseAcknowledgeTargets("")),
    SLA_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    // Maps and places (docs/decisions/016-map-and-location.md).
    MAP_TILE_URL: parsedWith(checkTileUrl).default(DEFAULT_MAP_TILE_URL),
    MAP_ATTRIBUTION: z.string().max(2000).default(DEFAULT_MAP_ATTRIBUTION),
    // Where maps open without a service area: "latitude,longitude,zoom"; the whole world by default.
    MAP_DEFAULT_CENTER: parsedWith(parseMapCenter).default({ latitude: 0, longitude: 0, zoom: 2 }),
    SERVICE_AREA_FILE: parsedWith((file) => readServiceArea(path.resolve(file))).optional(),
    MAP_PMTILES_FILE: parsedWith((file) => readPmtilesFile(path.resolve(file))).optional(),
    // A Nominatim-compatible service for "the address of this pin"; off unless set.
    GEOCODER_URL: z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL (a Nominatim-compatible service)" })
      .refine((url) => !/[?#]/.test(url), "must not have a query (?) or fragment (#)")
      .transform((url) => url.replace(/\/+$/, ""))
      .optional(),
    // "I have this problem too" presses one client address may make per hour.
    AFFECTED_PER_HOUR: z.coerce.number().int().min(1).default(60),
    // Open311 GeoReport v2 (docs/integrators.md): who handles the requests, and what every request's answer says.
    OPEN311_AGENCY_RESPONSIBLE: z.string().trim().min(1).max(200).optional(),
    OPEN311_SERVICE_NOTICE: z.string().trim().min(1).max(500).optional(),
    // When set, a request that names another jurisdiction_id is refused.
    OPEN311_JURISDICTION_ID: z.string().trim().min(1).max(100).optional(),
    // Open311 reports one API key may post per hour.
    OPEN311_POSTS_PER_HOUR: z.coerce.number().int().min(1).default(600),
    // Who runs the portal, on every public page (operator/operator-settings.ts); the colour must keep white text
    // on it readable (WCAG AA, operator/brand-color.ts), the logo must be an image by its content.
    PORTAL_OPERATOR_NAME: z.string().trim().min(1).max(120).optional(),
    PORTAL_OPERATOR_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    PORTAL_LOGO: parsedWith((file) => readOperatorLogo(path.resolve(file))).optional(),
    PORTAL_EMERGENCY_PHONE: parsedWith(parseEmergencyPhone).optional(),
    PORTAL_BRAND_COLOR: parsedWith(parseBrandColor).optional(),
    // SMS through a gateway (sms/sms-config.ts, docs/decisions/035-sms-through-a-gateway.md): off unless SMS_GATEWAY.
    ...smsEnvShape,
    ...privacyEnvShape,
  })
  .superRefine(checkSmsSettings)
  .refine((e) => !e.S3_ACCESS_KEY_ID === !e.S3_SECRET_ACCESS_KEY, {
    message:
      "set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (then the AWS SDK's usual sources are used)",
    path: ["S3_SECRET_ACCESS_KEY"],
  })
  .refine((e) => !e.SMTP_URL || e.MAIL_FROM, {
    // A made-up sender would be refused or junked by real mail servers: with SMTP the operator names it.
    message: "set MAIL_FROM (the sender's address) together with SMTP_URL",
    path: ["MAIL_FROM"],
  })
  .refine((e) => !e.SMTP_URL || e.PUBLIC_URL, {
    // E-mail goes to addresses typed in and to other people: its links may not come from a request's Host header,
    // which anyone can forge (docs/decisions/022-links-from-configuration.md). So no sending without the address.
    message:
      "set PUBLIC_URL (the portal's address as residents reach it, e.g. https://water.example.org) together with " +
      "SMTP_URL: links in e-mail are built from it, never from a request's Host header",
    path: ["PUBLIC_URL"],
  });

/** Without MAIL_FROM (only allowed with the .eml folder): a sender that says where the message came from. */
const DEFAULT_MAIL_FROM = "Water Grievance Portal <no-reply@localhost>";

export interface Config extends PrivacySettings {
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
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; undefined turns /metrics off (404). */
  metricsToken: string | undefined;
  /**
   * PUBLIC_URL without a trailing slash: the start of the links the portal hands out. E-mail, feeds and CAP use only
   * this (http/public-links.ts); without it, only an answer to the requester's own request uses its origin.
   */
  publicUrl: string | undefined;
  trustProxy: boolean;
  maxImagePixels: number;
  submissionsPerHour: number;
  /** Reporter updates (POST /api/track/:token/updates) one client address may send per hour. */
  reporterUpdatesPerHour: number;
  /** Longest a client may take to send one request, headers and body; slower ones get a 408 and are disconnected. */
  requestTimeoutMs: number;
  /** Longest a client may take to send a request's headers (at most requestTimeoutMs); slower ones get a 408. */
  headersTimeoutMs: number;
  /** Built SPA; served when present. */
  webDir: string;
  /** Staff sessions end after this many minutes without a request... */
  sessionIdleMinutes: number;
  /** ...and in any case this many hours after sign-in. */
  sessionMaxHours: number;
  /** Failed sign-ins of one account from one address within the window before further attempts are refused... */
  signInMaxFailures: number;
  /** ...of one account from every address together (higher, so the owner still gets in from elsewhere)... */
  signInMaxAccountFailures: number;
  /** ...and from one address across every account. */
  signInMaxAddressFailures: number;
  signInWindowMinutes: number;
  /** Days per priority after which an open report is overdue. */
  overdueTargetDays: OverdueTargets;
  /** Hours to acknowledge per priority (ACKNOWLEDGE_TARGETS); seconds between escalation checks (SLA_CHECK_SECONDS). */
  acknowledgeTargetHours: OverdueTargets;
  slaCheckSeconds: number;
  /** Unreferenced stored objects younger than this are left alone: a submit in flight stores images first. */
  orphanGraceMinutes: number;
  /** E-mail delivery: SMTP when `smtpUrl` is set, else .eml files in `mailDir`. */
  mail: MailConfig;
  /** MAP_TILE_URL: a Leaflet tile URL template; the CSP allows its host(s) for images. */
  mapTileUrl: string;
  /** MAP_ATTRIBUTION: HTML shown on every map, as the tile provider's policy asks. */
  mapAttribution: string;
  /** MAP_DEFAULT_CENTER: where maps open without a service area. */
  mapDefaultCenter: MapCenter;
  /** SERVICE_AREA_FILE's polygon, read at start-up: pins outside it are refused. Undefined: any pin is accepted. */
  serviceArea: ServiceAreaGeometry | undefined;
  /** MAP_PMTILES_FILE, checked at start-up: the maps draw its tiles instead of MAP_TILE_URL's. */
  mapPmtiles: PmtilesArchive | undefined;
  /** GEOCODER_URL without a trailing slash: a Nominatim-compatible service; undefined turns address lookup off. */
  geocoderUrl: string | undefined;
  /** "I have this problem too" presses one client address may make per hour. */
  affectedPerHour: number;
  /** OPEN311_…: what the GeoReport v2 answers carry (docs/integrators.md). */
  open311: Open311Settings;
  /** PORTAL_…: who runs the portal, shown on every public page. */
  operator: OperatorSettings;
  /** SMS_… and KANNEL_…: undefined when SMS is off. */
  sms: SmsConfig | undefined;
}

export interface Open311Settings {
  agencyResponsible: string | undefined;
  serviceNotice: string | undefined;
  jurisdictionId: string | undefined;
  postsPerHour: number;
}

export interface MailConfig {
  /** SMTP_URL (smtp:// or smtps://), or undefined: messages are written to `mailDir` instead. */
  smtpUrl: string | undefined;
  /** DATA_DIR/mail: where messages go without SMTP_URL. */
  mailDir: string;
  from: string;
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
    metricsToken: e.METRICS_TOKEN,
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY,
    maxImagePixels: e.MAX_IMAGE_PIXELS,
    submissionsPerHour: e.SUBMISSIONS_PER_HOUR,
    reporterUpdatesPerHour: e.REPORTER_UPDATES_PER_HOUR,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_SECONDS, e.REQUEST_TIMEOUT_SECONDS) * 1000,
    webDir: path.resolve(import.meta.dirname, "../../dist/web"),
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    signInMaxFailures: e.SIGN_IN_MAX_FAILURES,
    signInMaxAccountFailures: e.SIGN_IN_MAX_ACCOUNT_FAILURES,
    signInMaxAddressFailures: e.SIGN_IN_MAX_ADDRESS_FAILURES,
    signInWindowMinutes: e.SIGN_IN_WINDOW_MINUTES,
    overdueTargetDays: e.OVERDUE_TARGETS,
    acknowledgeTargetHours: e.ACKNOWLEDGE_TARGETS,
    slaCheckSeconds: e.SLA_CHECK_SECONDS,
    orphanGraceMinutes: e.ORPHAN_GRACE_MINUTES,
    mail: { smtpUrl: e.SMTP_URL, mailDir: path.join(dataDir, "mail"), from: e.MAIL_FROM ?? DEFAULT_MAIL_FROM },
    mapTileUrl: e.MAP_TILE_URL,
    mapAttribution: e.MAP_ATTRIBUTION,
    mapDefaultCenter: e.MAP_DEFAULT_CENTER,
    serviceArea: e.SERVICE_AREA_FILE,
    mapPmtiles: e.MAP_PMTILES_FILE,
    geocoderUrl: e.GEOCODER_URL,
    affectedPerHour: e.AFFECTED_PER_HOUR,
    open311: {
      agencyResponsible: e.OPEN311_AGENCY_RESPONSIBLE,
      serviceNotice: e.OPEN311_SERVICE_NOTICE,
      jurisdictionId: e.OPEN311_JURISDICTION_ID,
      postsPerHour: e.OPEN311_POSTS_PER_HOUR,
    },
    operator: {
      name: e.PORTAL_OPERATOR_NAME,
      url: e.PORTAL_OPERATOR_URL,
      logo: e.PORTAL_LOGO,
      emergencyPhone: e.PORTAL_EMERGENCY_PHONE,
      brandColor: e.PORTAL_BRAND_COLOR,
    },
    sms: smsConfig(e),
    ...privacyConfig(e),
  };
}

// `FOO=` in a shell or .env file means "not set", not "set to nothing".
function blankAsUnset(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}
