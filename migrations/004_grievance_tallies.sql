-- Public counts without counting rows. "Showing X of Y grievances" needs the number of all public reports and of
-- those matching the filters on every list request; count(*) over hundreds of thousands of rows costs tens of
-- milliseconds each time. Category, priority and status have 7 x 4 x 3 combinations, so a tally per combination,
-- kept by triggers in the same transaction as the change, answers every count that has no search term.
CREATE TABLE grievance_tallies (
  category text NOT NULL,
  priority text NOT NULL,
  status   text NOT NULL,
  n        bigint NOT NULL CHECK (n >= 0),
  PRIMARY KEY (category, priority, status)
);

CREATE FUNCTION grievance_tally_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Hidden reports are not public, so they are not in the tallies.
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.hidden_at IS NULL THEN
    UPDATE grievance_tallies SET n = n - 1
     WHERE category = OLD.category AND priority = OLD.priority AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.hidden_at IS NULL THEN
    INSERT INTO grievance_tallies AS t (category, priority, status, n)
    VALUES (NEW.category, NEW.priority, NEW.status, 1)
    ON CONFLICT (category, priority, status) DO UPDATE SET n = t.n + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION grievance_tally_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM grievance_tallies;
  RETURN NULL;
END
$$;

CREATE TRIGGER grievances_tally_row
  AFTER INSERT OR DELETE OR UPDATE OF category, priority, status, hidden_at ON grievances
  FOR EACH ROW EXECUTE FUNCTION grievance_tally_row();

CREATE TRIGGER grievances_tally_truncate
  AFTER TRUNCATE ON grievances
  FOR EACH STATEMENT EXECUTE FUNCTION grievance_tally_truncate();

INSERT INTO grievance_tallies (category, priority, status, n)
SELECT category, priority, status, count(*) FROM grievances WHERE hidden_at IS NULL GROUP BY 1, 2, 3;
