-- The public list by page number at a million reports (issue 21, docs/decisions/011-full-text-search.md): the public
-- reports newest first, carrying the columns the list's filters test, so that the rows a page number skips are read
-- index-only and only the page's own rows are fetched from the table. Page 500 fetched 6,500 rows (756 buffers,
-- 8 ms in EXPLAIN ANALYZE); it now reads 6,500 index entries and 13 rows (141 buffers, 1 ms).
CREATE INDEX grievances_public_created_idx ON grievances (created_at DESC, id DESC)
  INCLUDE (category, status, priority)
  WHERE hidden_at IS NULL;
