-- Word search instead of substring search (docs/decisions/011-full-text-search.md). The words of title, description
-- and location are kept by the database itself in a generated column, so no write path can forget them; 'simple'
-- lower-cases words without stemming or stop words, the same in every language. Adding the column rewrites the table
-- once (at a million reports: a minute or so, with writes blocked meanwhile).
ALTER TABLE grievances ADD COLUMN search_vector tsvector
  GENERATED ALWAYS AS (to_tsvector('simple', title || ' ' || description || ' ' || coalesce(location, ''))) STORED;

-- The list's search condition is `search_vector @@ <tsquery>` (src/server/grievances/search-query.ts).
CREATE INDEX grievances_search_vector_idx ON grievances USING gin (search_vector);

-- The trigram index served ILIKE '%term%', which no query uses any more; it only cost every write.
DROP INDEX grievances_search_idx;

-- The staff queue's total is the public tallies plus the hidden reports (staff-grievance-repository.ts). Hidden
-- reports are few, so this small partial index counts them at once; it also serves the queue filtered to them.
CREATE INDEX grievances_hidden_queue_idx ON grievances ((status = 'resolved'), created_at, id)
  WHERE hidden_at IS NOT NULL;
