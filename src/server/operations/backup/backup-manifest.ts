import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { z } from "zod";

/**
 * What a backup archive holds, described by its `manifest.json` (written first in the archive). Restore refuses an
 * archive whose files differ in any way from the manifest's list, or whose format it does not know.
 */
export const MANIFEST_NAME = "manifest.json";
export const BACKUP_FORMAT = 1;

/** The archive's layout: the database dump, and the image bucket's files under IMAGES_DIR/<bucket>/. */
export const ARCHIVE_PATHS = {
  pgliteDump: "database/pgdata.tar.gz",
  postgresDump: "database/portal.dump",
  images: "images",
} as const;

const fileSchema = z.object({
  path: z.string().min(1),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  portalVersion: z.string(),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    /** Where the dump came from: the running portal, or the data folder opened by the backup itself. */
    source: z.string(),
    migrations: z.array(z.string()),
    reports: z.number().int().min(0),
  }),
  images: z.object({
    /** "folder": the files are in the archive; "s3": they stayed in the bucket (versioning keeps them). */
    storage: z.enum(["folder", "s3"]),
    bucket: z.string(),
    count: z.number().int().min(0),
  }),
  files: z.array(fileSchema),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type ArchivedFile = z.infer<typeof fileSchema>;

export async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest("hex") };
}
