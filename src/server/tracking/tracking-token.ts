import { createHash, createHmac, randomBytes } from "node:crypto";
import { isTrackingToken } from "#shared/tracking/tracking.ts";

/**
 * The reporter's private tracking token (docs/decisions/013-reference-and-tracking-token.md): 24 random bytes
 * (192 bits) in base64url, 32 characters. The database keeps only its SHA-256 (grievances.tracking_token_hash): a
 * copy of the database does not open anyone's tracking page. A plain hash is enough, unlike for passwords: the
 * token is random and long, so there is nothing to guess from its hash.
 */
const TOKEN_BYTES = 24;

export function newTrackingToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

/**
 * The token of a submit sent with an Idempotency-Key: derived from the key and a random salt, so that a retry of
 * the submit (which sends the key again) gets the same link although the token is not stored (idempotency-key-repository.ts).
 * The salt stays in the database with the key's hash, never with the key: an outsider who guesses a weak key
 * still lacks the salt, and the database alone lacks the key.
 */
export function trackingTokenForKey(idempotencyKey: string, salt: Uint8Array): string {
  return createHmac("sha256", idempotencyKey)
    .update("grievance tracking token\0")
    .update(salt)
    .digest()
    .subarray(0, TOKEN_BYTES)
    .toString("base64url");
}

export const newTrackingSalt = (): Buffer => randomBytes(16);

/** What is stored and looked up: the SHA-256 of the token's text, 32 bytes. */
export function hashTrackingToken(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}

/** The token's hash, or undefined when the text cannot be a token (then no report is looked up). */
export function trackingTokenHashOf(text: string): Buffer | undefined {
  return isTrackingToken(text) ? hashTrackingToken(text) : undefined;
}
