-- Grievances (specification §3). Images are kept as storage object keys; public URLs are built when answering.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE grievances (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 5000),
  location    text CHECK (length(location) <= 300),
  category    text NOT NULL CHECK (category IN (
                'Water Quality Issues', 'Water Supply Problems', 'Sanitation Issues', 'Infrastructure Problems',
                'Leakage Issues', 'Drainage Problems', 'Other')),
  priority    text NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
  status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'in-progress', 'resolved')),
  user_email  text,
  user_phone  text,
  -- [{"key": "<object key>", "thumbnailKey": "<object key>"}], in the order the reporter chose them.
  images      jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Newest-first paging, alone or under one filter; id breaks ties between equal timestamps.
CREATE INDEX grievances_created_idx ON grievances (created_at DESC, id DESC);
CREATE INDEX grievances_status_created_idx ON grievances (status, created_at DESC, id DESC);
CREATE INDEX grievances_category_created_idx ON grievances (category, created_at DESC, id DESC);
CREATE INDEX grievances_priority_created_idx ON grievances (priority, created_at DESC, id DESC);

-- Case-insensitive substring search over title, description and location (ILIKE '%term%').
-- The query must use exactly this expression for the index to apply: see grievance-repository.ts.
CREATE INDEX grievances_search_idx ON grievances
  USING gin ((title || ' ' || description || ' ' || coalesce(location, '')) gin_trgm_ops);
