-- The work queue's two new orders (src/server/staff/staff-grievance-repository.ts): newest first and most urgent
-- first, open reports before resolved ones in both, as grievances_queue_idx (migration 003) serves the default
-- oldest first. A page is then read in index order and stops at its LIMIT, instead of every matching report being
-- sorted for each page. The priority's rank is the same CASE expression the query orders by.
CREATE INDEX grievances_queue_newest_idx ON grievances ((status = 'resolved'), created_at DESC, id DESC);
CREATE INDEX grievances_queue_priority_idx ON grievances
  ((status = 'resolved'), (CASE priority WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END),
   created_at, id);
