-- Five languages (issue 11, docs/decisions/019-languages.md): e-mails are worded in their reader's language. A
-- report keeps the language it was submitted in (Open311 clients' reports stay English), and each follower the
-- language they followed in; the reporter, who follows their own report, gets the report's. Rows from before
-- languages existed are English, as their messages were. A constant default: no table rewrite.
ALTER TABLE grievances ADD COLUMN locale text NOT NULL DEFAULT 'en'
  CONSTRAINT grievances_locale_check CHECK (locale IN ('en', 'es', 'fr', 'hi', 'ar'));
ALTER TABLE followers ADD COLUMN locale text NOT NULL DEFAULT 'en'
  CONSTRAINT followers_locale_check CHECK (locale IN ('en', 'es', 'fr', 'hi', 'ar'));
