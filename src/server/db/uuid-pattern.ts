/**
 * A well-formed uuid. An id that is not one cannot exist: it is answered as not found before any query, since
 * PostgreSQL would only raise a cast error for it.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
