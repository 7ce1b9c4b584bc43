/**
 * What replaces the text of a hidden report or update, and an erased SMS's text, once its retention period is over
 * (docs/decisions/042-privacy-and-retention.md). migrations/043_retention.sql's partial indexes spell the same words:
 * change one, change both.
 */
export const RETENTION_MARKER = "[Erased under the retention policy]";

/** The marker as an SQL string literal, for the conditions that must read as the indexes' predicates do. */
export const RETENTION_MARKER_SQL = `'${RETENTION_MARKER.replaceAll("'", "''")}'`;
