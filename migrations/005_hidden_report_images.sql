-- Images of a hidden report are withheld from the public like the report itself (it may have been hidden for the
-- personal data its photos show). The media route asks, per image request, whether a hidden report holds the key;
-- hidden reports are few, so a partial index over their image lists answers that at once.
CREATE INDEX grievances_hidden_images_idx ON grievances USING gin (images jsonb_path_ops)
  WHERE hidden_at IS NOT NULL;
