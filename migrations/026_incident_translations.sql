-- Staff-written incident texts in other languages (docs/decisions/019-languages.md, "Incident texts in each
-- language"). The texts staff write (title, message, instructions, final message, each update's message) stay as
-- written; `translations` holds the versions staff added in the portal's other languages, shown to people reading in
-- that language, the original otherwise: incidents {"ar": {"title": …, "message": …, "instructions": …,
-- "finalMessage": …}, …}, updates {"ar": "…", …}. Defaults, so the previous release keeps inserting during a
-- rolling upgrade (docs/operating.md, "Upgrades").
ALTER TABLE incidents ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb
  CHECK (jsonb_typeof(translations) = 'object');
ALTER TABLE incident_updates ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb
  CHECK (jsonb_typeof(translations) = 'object');
