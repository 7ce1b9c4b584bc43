import type { FastifyRequest } from "fastify";
import { msg } from "#shared/i18n/locales.ts";
import { isStorableText } from "#shared/storable-text.ts";
import { HttpError } from "./http-error.ts";

const IN_ADDRESS = msg("The address contains invisible or broken characters. Please check the link.");
const IN_BODY = msg("The request contains invisible or broken characters that cannot be saved.");

/**
 * preValidation hook: refuses a request whose path parameters, query or parsed (JSON or form-encoded) body hold
 * text that cannot be stored or carried (see isStorableText), before a handler passes it on to the database, where
 * it would end as a server error, or into a feed it would break. A body the route's schema reads is left to that
 * schema first (its keys excepted), so that a field's own message names it as the form does ("Public note contains
 * …"); rejectUnstorableBody then checks what the schema let through. Multipart form fields are not read yet at this
 * point; the shared schemas check those, with a message per field that the form shows too. Unmatched paths are
 * left to the not-found handler, which uses none of it.
 */
export async function rejectUnstorableText(request: FastifyRequest): Promise<void> {
  if (request.is404) return;
  if (!isAllStorable(request.params) || !isAllStorable(request.query)) throw new HttpError(400, IN_ADDRESS);
  const schemaReadsBody = request.routeOptions.schema?.body !== undefined;
  if (!isAllStorable(request.body, schemaReadsBody ? "keys" : "all")) throw new HttpError(400, IN_BODY);
}

/** preHandler hook: the body as the route's schema passed it on, for the fields its schema does not check itself. */
export async function rejectUnstorableBody(request: FastifyRequest): Promise<void> {
  if (request.is404) return;
  if (!isAllStorable(request.body)) throw new HttpError(400, IN_BODY);
}

/** Every string in a parsed value, object keys included. A loop, not recursion: JSON may nest deeper than the stack. */
function isAllStorable(value: unknown, what: "all" | "keys" = "all"): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (what === "all" && !isStorableText(item)) return false;
    } else if (typeof item === "object" && item !== null && !ArrayBuffer.isView(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (!isStorableText(key)) return false;
        pending.push(child);
      }
    }
  }
  return true;
}
