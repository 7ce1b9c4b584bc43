import { createHash, randomBytes } from "node:crypto";

/**
 * Tokens of the links in the messages (confirm a follow, unsubscribe): 32 random bytes (256 bits) in base64url,
 * 43 characters. As with tracking tokens (decision 013), only their SHA-256 is stored: a copy of the database
 * confirms or unsubscribes no one.
 */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newMailToken(): { token: string; hash: Buffer } {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  return { token, hash: hashMailToken(token) };
}

export const hashMailToken = (token: string): Buffer => createHash("sha256").update(token).digest();

/** The hash to look up, or undefined when the text cannot be a token (then nothing is looked up). */
export const mailTokenHashOf = (text: string): Buffer | undefined =>
  TOKEN_PATTERN.test(text) ? hashMailToken(text) : undefined;
