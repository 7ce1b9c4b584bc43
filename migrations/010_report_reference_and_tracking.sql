-- A short public reference for every report and a private tracking link for its reporter (issue 8,
-- docs/decisions/013-reference-and-tracking-token.md).

-- References of rows the portal does not insert itself: the reports already there (backfilled below) and bulk
-- loads such as the benchmark's. The portal gives each new report a random reference (src/server/grievances/
-- reference.ts); random ones for a million existing rows would collide some 465 times (30 bits each) and fail the
-- unique index, so these come from a sequence instead, unique by construction. MAXVALUE: past 2^30 they would
-- repeat; the sequence stops with an error instead.
CREATE SEQUENCE grievance_reference_seq MAXVALUE 1073741823;

-- The n-th reference: n mixed by steps that are each one-to-one on 30 bits (xor with a shifted copy, multiplication
-- by an odd number modulo 2^30), so references of neighbouring rows look unrelated yet never repeat; then 5 bits per
-- character of the alphabet of src/shared/reference.ts (no 0, O, 1 or I).
CREATE FUNCTION grievance_reference(n bigint) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  alphabet CONSTANT text := '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  x bigint := n & 1073741823;
BEGIN
  x := ((x # (x >> 15)) * 736338717) & 1073741823;
  x := ((x # (x >> 13)) * 1288490189) & 1073741823;
  x := x # (x >> 16);
  RETURN 'WS-' || substr(alphabet, (x >> 25)::int + 1, 1) || substr(alphabet, ((x >> 20) & 31)::int + 1, 1)
    || substr(alphabet, ((x >> 15) & 31)::int + 1, 1) || substr(alphabet, ((x >> 10) & 31)::int + 1, 1)
    || substr(alphabet, ((x >> 5) & 31)::int + 1, 1) || substr(alphabet, (x & 31)::int + 1, 1);
END
$$;

-- One statement, so that the table is rewritten once, writes blocked meanwhile (the whole migration at 100,000
-- reports: 9 s on PostgreSQL 15, 11 s on PGlite, on a busy 2-core machine; about ten times that at a million):
-- * reference: a volatile default is evaluated once per existing row when the column is added; that is the backfill.
-- * tracking_token_hash: the SHA-256 of the reporter's tracking token; the token itself is never stored. Reports from
--   before this migration have none.
-- * search_vector: typing a reference in the search box finds its report, so migration 009's generated column gets
--   the reference, and its code alone. The 'simple' parser reads "WS-4F7K2Q" as 'ws-4f7k2q', 'ws' and '4f7k2q', and
--   the search box's text is parsed the same way, so the whole reference matches; but an all-digit code
--   ("WS-234567") becomes 'ws' and '-234567', so the bare code is added for "234567" to match too. A generated
--   expression cannot be changed in place: the column (and with it its GIN index) is dropped and added again.
ALTER TABLE grievances
  DROP COLUMN search_vector,
  ADD COLUMN reference text NOT NULL DEFAULT grievance_reference(nextval('grievance_reference_seq'))
    CHECK (reference ~ '^WS-[2-9A-HJ-NP-Z]{6}$'),
  ADD COLUMN tracking_token_hash bytea CHECK (octet_length(tracking_token_hash) = 32),
  ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    to_tsvector('simple', title || ' ' || description || ' ' || coalesce(location, '') || ' ' || reference || ' '
      || substr(reference, 4))
  ) STORED;
ALTER SEQUENCE grievance_reference_seq OWNED BY grievances.reference;

-- Indexes, not constraints: INSERT … ON CONFLICT (reference) finds the first all the same, and bulk loads may drop
-- and rebuild them from their definitions (bench/seed.ts). Only reports with a token are looked up by it.
CREATE UNIQUE INDEX grievances_reference_idx ON grievances (reference);
CREATE UNIQUE INDEX grievances_tracking_token_hash_idx ON grievances (tracking_token_hash)
  WHERE tracking_token_hash IS NOT NULL;
-- Under migration 009's name, for the search condition of src/server/grievances/search-query.ts.
CREATE INDEX grievances_search_vector_idx ON grievances USING gin (search_vector);

-- Idempotency keys (migration 007) are kept as their SHA-256 from now on: a retried submit gets the same tracking
-- link, derived from its key and a random salt kept with it (src/server/grievances/idempotency-keys.ts), so the key
-- itself must not be readable from the database either. Keys bound before this migration have no salt; a retry of
-- one is told that its report was already submitted.
ALTER TABLE submission_idempotency_keys RENAME COLUMN key TO key_hash;
UPDATE submission_idempotency_keys SET key_hash = encode(sha256(convert_to(key_hash, 'UTF8')), 'hex');
ALTER TABLE submission_idempotency_keys ADD COLUMN tracking_salt bytea;

-- The column is new, and so are its statistics: the capped count reads them (src/server/grievances/capped-count.ts)
-- and the hourly ANALYZE would otherwise be the first to gather them.
ANALYZE grievances;
