-- A search for one word, counted and paged without reading the table (issue 21 H, docs/decisions/011-full-text-search.md).
-- Counting a word's matches through the GIN index reads each match's row from the table wherever it lies: PostgreSQL
-- 15.18 fetches every heap page of a bitmap scan even for count(*) on an all-visible table. A word in 0.3 % of a
-- million reports thus read 3,000 scattered pages. Here each public report has one row per distinct word of its
-- search_vector, in a btree ordered by word and then date, so a word's count and its newest page are read
-- index-only, a few pages of the index. Hidden reports have no rows, so nothing here shows them.
CREATE TABLE grievance_words (
  -- Compared byte by byte, as the text search compares a prefix with a lexeme (word:*).
  word       text COLLATE "C" NOT NULL,
  created_at timestamptz NOT NULL,
  id         uuid NOT NULL,
  PRIMARY KEY (word, created_at, id)
);

-- Kept by the database in the same transaction as the change, like the tallies (migration 004): on insert, delete,
-- and on an update that changes the words (title, description, location), the date or whether it is hidden.
CREATE FUNCTION grievance_words_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.search_vector = NEW.search_vector AND OLD.created_at = NEW.created_at
     AND (OLD.hidden_at IS NULL) = (NEW.hidden_at IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.hidden_at IS NULL THEN
    DELETE FROM grievance_words
     WHERE word = ANY (tsvector_to_array(OLD.search_vector)) AND created_at = OLD.created_at AND id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.hidden_at IS NULL THEN
    INSERT INTO grievance_words (word, created_at, id)
    SELECT w, NEW.created_at, NEW.id FROM unnest(tsvector_to_array(NEW.search_vector)) AS w;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION grievance_words_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM grievance_words;
  RETURN NULL;
END
$$;

CREATE TRIGGER grievances_words_row
  AFTER INSERT OR DELETE OR UPDATE OF title, description, location, created_at, hidden_at ON grievances
  FOR EACH ROW EXECUTE FUNCTION grievance_words_row();

CREATE TRIGGER grievances_words_truncate
  AFTER TRUNCATE ON grievances
  FOR EACH STATEMENT EXECUTE FUNCTION grievance_words_truncate();

INSERT INTO grievance_words (word, created_at, id)
SELECT w, created_at, id FROM grievances, unnest(tsvector_to_array(search_vector)) AS w WHERE hidden_at IS NULL;
