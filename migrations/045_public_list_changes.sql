-- The embedded portal keeps its public list's answers in memory (docs/decisions/047-the-public-list-kept-in-memory.md):
-- every statement that changes what a list shows (a report, or a category's name) tells it so, at commit, and it
-- forgets them. A rolled-back transaction tells nothing; several statements in one transaction tell once.
CREATE FUNCTION notify_public_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_list_changed', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER grievances_public_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON grievances
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_list_changed();
CREATE TRIGGER categories_public_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_list_changed();
