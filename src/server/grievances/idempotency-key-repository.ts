import { createHash } from "node:crypto";
import { msg } from "#shared/i18n/locales.ts";
import type { Queryable } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import type { Upload } from "./grievance-service.ts";

/**
 * `Idempotency-Key` on POST /api/grievances (docs/operating.md, "Retried submits"): the form sends a fresh key
 * per report and the same key again when it retries after a network error, so a retry whose first attempt did
 * arrive returns that report instead of creating a second one. Keys live in submission_idempotency_keys
 * (migration 007) for a day.
 *
 * The retry must get the same answer, private tracking link included, yet the link's token is stored nowhere
 * (docs/decisions/013-reference-and-tracking-token.md). Keeping the first answer would keep the token; instead the
 * token of a submit with a key is derived from the key and a random salt (tracking-token.ts), the salt is kept
 * here, and the key only as its SHA-256 (migration 010). The retry sends the key again, so it can derive the same
 * token; the database alone cannot.
 */
export const IDEMPOTENCY_HEADER = "idempotency-key";

// Visible ASCII: what the IETF draft's examples and every client library send (UUIDs, random tokens).
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

// A claim older than this whose report never arrived belongs to a request that died (killed process, lost
// database): a retry may take it over. Short, so that a resident whose submit died with its instance (kill -9, a
// crash) is not told "still being submitted" for long; safe however short, since only one attempt can bind the key
// (bindIdempotencyKey): a slow attempt overtaken by a retry is rolled back and answers with the retry's report.
const IN_FLIGHT_LEASE = "30 seconds";
const KEEP_FOR = "24 hours";

// English message ids, translated on the way out (docs/decisions/019-languages.md).
export const IDEMPOTENCY_MESSAGES = {
  invalidKey: msg("The Idempotency-Key header must be 1 to 255 visible ASCII characters."),
  inFlight: msg("This report is still being submitted. Please wait a moment, then try again."),
  reusedKey: msg("This Idempotency-Key was already used for a different report. Send a new key with a new report."),
  alreadySubmitted: msg("This report was already submitted."),
} as const;

/** The header's value, undefined when absent; 400 when malformed. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== "string" || !KEY_PATTERN.test(header))
    throw new HttpError(400, IDEMPOTENCY_MESSAGES.invalidKey);
  return header;
}

/** Fingerprint of a submission: its fields and the bytes of each file, in order. */
export function submissionHash(fields: Record<string, string>, uploads: Upload[]): string {
  const hash = createHash("sha256");
  const sortedFields = Object.keys(fields)
    .sort()
    .map((name) => [name, fields[name]]);
  hash.update(JSON.stringify(sortedFields));
  for (const upload of uploads) {
    hash.update(`\0${upload.filename}\0${upload.bytes.length}\0`);
    hash.update(upload.bytes);
  }
  return hash.digest("hex");
}

/** How a key is stored and found: the hex SHA-256 of its text. */
const keyHashOf = (key: string): string => createHash("sha256").update(key).digest("hex");

/** `trackingSalt` is null for keys bound before migration 010: no token can be derived for them. */
export type Claim = { kind: "claimed" } | { kind: "submitted"; grievanceId: string; trackingSalt: Uint8Array | null };

/**
 * Claims the key for this submission, or tells which report an earlier attempt with the same key created.
 * 409 while another attempt with the key is in flight; 422 when the key came with a different submission.
 */
export async function claimIdempotencyKey(db: Queryable, key: string, requestHash: string): Promise<Claim> {
  const claimed = await db.query(
    `INSERT INTO submission_idempotency_keys AS k (key_hash, request_hash) VALUES ($1, $2)
     ON CONFLICT (key_hash) DO UPDATE SET request_hash = excluded.request_hash, claimed_at = now()
       WHERE k.grievance_id IS NULL AND k.claimed_at < now() - interval '${IN_FLIGHT_LEASE}'
     RETURNING key_hash`,
    [keyHashOf(key), requestHash],
  );
  if (claimed.rows.length > 0) return { kind: "claimed" };
  const { rows } = await db.query<{
    request_hash: string;
    grievance_id: string | null;
    tracking_salt: Uint8Array | null;
  }>("SELECT request_hash, grievance_id, tracking_salt FROM submission_idempotency_keys WHERE key_hash = $1", [
    keyHashOf(key),
  ]);
  const existing = rows[0];
  // Released between the two statements: the other attempt failed, so this one may simply try again.
  if (!existing) return claimIdempotencyKey(db, key, requestHash);
  if (existing.request_hash !== requestHash) throw new HttpError(422, IDEMPOTENCY_MESSAGES.reusedKey);
  if (!existing.grievance_id) throw new HttpError(409, IDEMPOTENCY_MESSAGES.inFlight);
  return { kind: "submitted", grievanceId: existing.grievance_id, trackingSalt: existing.tracking_salt };
}

/**
 * Thrown by bindIdempotencyKey when another attempt with the key bound it first (it took over this one's claim
 * after the lease ran out): the transaction rolls back, and this attempt answers with that attempt's report.
 */
export class IdempotencyKeyBoundError extends HttpError {
  constructor() {
    super(409, IDEMPOTENCY_MESSAGES.alreadySubmitted);
    this.name = "IdempotencyKeyBoundError";
  }
}

/**
 * In the transaction that inserts the report: from now on the key answers with this report, and with the tracking
 * token that `trackingSalt` and the key derive. Binds only a key no report has yet (whoever claimed it last), and
 * throws IdempotencyKeyBoundError otherwise, so that two attempts never both store the report.
 */
export async function bindIdempotencyKey(
  tx: Queryable,
  key: string,
  requestHash: string,
  grievanceId: string,
  trackingSalt: Uint8Array,
): Promise<void> {
  // An upsert: the claim may have been released meanwhile by an attempt that failed after losing it.
  const { rows } = await tx.query(
    `INSERT INTO submission_idempotency_keys AS k (key_hash, request_hash, grievance_id, tracking_salt) VALUES ($1, $2, $3, $4)
     ON CONFLICT (key_hash) DO UPDATE SET grievance_id = excluded.grievance_id, tracking_salt = excluded.tracking_salt
       WHERE k.grievance_id IS NULL
     RETURNING key_hash`,
    [keyHashOf(key), requestHash, grievanceId, trackingSalt],
  );
  if (rows.length === 0) throw new IdempotencyKeyBoundError();
}

/** After a failed attempt: nothing was saved, so a retry with the key must be free to try again. */
export async function releaseIdempotencyKey(db: Queryable, key: string): Promise<void> {
  await db.query("DELETE FROM submission_idempotency_keys WHERE key_hash = $1 AND grievance_id IS NULL", [
    keyHashOf(key),
  ]);
}

/** Hourly maintenance. */
export async function deleteExpiredIdempotencyKeys(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM submission_idempotency_keys WHERE claimed_at < now() - interval '${KEEP_FOR}' RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
  );
  return rows[0]?.n ?? 0;
}
