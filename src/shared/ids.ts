import { z } from "zod/mini";

/**
 * A row's id: a uuid as PostgreSQL writes one, in either case. Every id a request carries, in its path or in its
 * body, is parsed with this one pattern before anything reaches the database (docs/api-conventions.md, "Path
 * parameters and ids"): PostgreSQL's own cast reads more shapes (no dashes, braces) and refuses others with an
 * error, so a looser check such as /^[0-9a-f-]{36}$/ lets 36 dashes through to a server error.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isId = (value: unknown): value is string => typeof value === "string" && UUID_PATTERN.test(value);

/**
 * An id field: `message` when it is missing, not text or not an id. In a route's `params` the same message is the
 * 404 of an id that names nothing; in a body it is the field's 400.
 */
export const idSchema = (message: string) => z.string({ error: message }).check(z.regex(UUID_PATTERN, message));
