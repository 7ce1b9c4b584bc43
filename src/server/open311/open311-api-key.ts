import type { FastifyRequest } from "fastify";
import { verifyApiKey } from "../admin/api-key-repository.ts";
import type { Queryable } from "../db/database.ts";

export interface VerifiedApiKey {
  id: string;
  name: string;
}

/** The api_key a client sent: in the body (a form, as FixMyStreet and the standard send it) or the query string. */
export function sentApiKey(request: FastifyRequest): string | undefined {
  for (const fields of [request.body, request.query]) {
    const key = (fields as { api_key?: unknown } | undefined)?.api_key;
    if (typeof key === "string" && key.trim() !== "") return key.trim();
  }
  return undefined;
}

// One look-up per request: the posting limit and the handler ask the same question.
const verified = new WeakMap<FastifyRequest, Promise<VerifiedApiKey | undefined>>();

/** The active API key behind the request's api_key; undefined when none was sent, or it is unknown or revoked. */
export function apiKeyOfRequest(db: Queryable, request: FastifyRequest): Promise<VerifiedApiKey | undefined> {
  let found = verified.get(request);
  if (!found) {
    const key = sentApiKey(request);
    found = key === undefined ? Promise.resolve(undefined) : verifyApiKey(db, key);
    verified.set(request, found);
  }
  return found;
}

/**
 * What the posting limit counts by: the API key's own id once the key is known to be valid, so that each client
 * has its allowance wherever it posts from and however it spells its requests; otherwise the address, so that a
 * made-up key (in the query string or the body) is one more refusal counted against its sender, never a fresh
 * allowance. The limit runs after the body is read (preHandler), where a form's api_key can be seen.
 */
export async function postingLimitKey(db: Queryable, request: FastifyRequest): Promise<string> {
  const key = await apiKeyOfRequest(db, request);
  return key ? `api-key:${key.id}` : `address:${request.ip}`;
}
