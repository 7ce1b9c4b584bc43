-- The orphan sweep asks, for each stored object, whether any report references it (docs/operating.md, "Orphan
-- sweep"). Containment on the image list through this index answers that without reading every row.
CREATE INDEX grievances_images_idx ON grievances USING gin (images jsonb_path_ops);
