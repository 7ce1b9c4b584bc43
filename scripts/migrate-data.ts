/**
 * Moves a portal from the embedded database to PostgreSQL (docs/operating.md):
 *   npm run migrate-data -- --to <postgres://user:password@host:5432/database> [--images-to s3]
 * Copies every row of the embedded database in DATA_DIR into the empty PostgreSQL database named by --to, verified
 * table by table by row counts and checksums; with --images-to s3 also copies the image folder (STORAGE_DIR, else
 * DATA_DIR/storage) to the bucket of the S3_* settings. The portal must be stopped. The embedded database and the
 * image folder are left as they were.
 * Exit code 0 on success, 1 with a message on any refusal or error (the target is then left empty).
 */
import { loadConfig } from "#server/config.ts";
import { withoutPassword } from "#server/db/open-database.ts";
import { DataDirectoryInUseError } from "#server/db/pglite-database.ts";
import { copyImages, countImages } from "#server/operations/data-migration/data-migration-images.ts";
import { formatTableCounts, migrateData } from "#server/operations/data-migration/data-migration.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { S3ImageStore } from "#server/storage/s3-image-store.ts";

class UsageError extends Error {}

const USAGE = `Usage: npm run migrate-data -- --to <postgres://user:password@host:5432/database> [--images-to s3]
  --to          an empty PostgreSQL database (create one with: createdb -O <owner> <name>)
  --images-to   s3: also copy the images from the folder to the bucket of the S3_* settings`;

function parseArguments(args: string[]): { to: string; imagesToS3: boolean } {
  let to: string | undefined;
  let imagesTo: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = args[i]!.split(/=(.*)/s, 2);
    const value = () => inline ?? args[++i];
    if (name === "--to") to = value();
    else if (name === "--images-to") imagesTo = value();
    else throw new UsageError(`Unknown argument ${args[i]}.\n${USAGE}`);
  }
  if (!to) throw new UsageError(`Please name the target database with --to.\n${USAGE}`);
  if (!/^postgres(ql)?:\/\//.test(to))
    throw new UsageError(`--to must be a postgres:// or postgresql:// URL.\n${USAGE}`);
  if (imagesTo !== undefined && imagesTo !== "s3") throw new UsageError(`--images-to takes one value: s3.\n${USAGE}`);
  return { to, imagesToS3: imagesTo === "s3" };
}

async function main(): Promise<number> {
  try {
    const { to, imagesToS3 } = parseArguments(process.argv.slice(2));
    // --images-to s3 needs the S3_* settings whether or not the portal already uses them.
    const config = loadConfig(imagesToS3 ? { ...process.env, IMAGE_STORAGE: "s3" } : process.env);
    if (config.databaseUrl) {
      throw new UsageError(
        "DATABASE_URL is set: this portal already uses PostgreSQL. migrate-data copies from the embedded database " +
          "in DATA_DIR; run it without DATABASE_URL.",
      );
    }
    const folder = new LocalImageStore(config.storageDir);
    const bucket = imagesToS3 && config.s3 ? new S3ImageStore(config.s3) : undefined;

    console.log(`Copying the embedded database in ${config.dataDir}/db to ${withoutPassword(to)} ...`);
    const report = await migrateData({
      dataDir: config.dataDir,
      targetUrl: to,
      log: (line) => console.log(line),
      async beforeCopy() {
        if (!bucket) return;
        console.log(`Copying the images from the ${folder.location} to the ${bucket.location} ...`);
        try {
          await bucket.check();
        } catch (error) {
          throw new Error(
            `The ${bucket.location} is not usable (${(error as Error).message}); check the S3_* settings.`,
            { cause: error },
          );
        }
        const images = await copyImages(folder, bucket, (done, total) => {
          if (done % 500 === 0) console.log(`  ${done} of ${total} images ...`);
        });
        console.log(
          `Images: ${images.total} in the folder; ${images.copied} copied (${(images.bytes / 1_048_576).toFixed(1)} MB), ` +
            `${images.skipped} already in the bucket with the same size; each verified by its stored size.`,
        );
      },
    });

    console.log(`\n${formatTableCounts(report.tables)}\n`);
    console.log(
      `The copy is complete and verified: ${report.tables.length} tables, the same row counts and checksums on both sides.`,
    );
    console.log(
      `The embedded database in ${config.dataDir}/db was left as it was; keep it until the portal runs well on PostgreSQL.\n`,
    );

    console.log("Next: stop using the embedded database. Start the portal with");
    console.log(
      `  DATABASE_URL=${withoutPassword(to)}${withoutPassword(to) === to ? "" : "   (with its real password)"}`,
    );
    if (bucket) {
      console.log(`  IMAGE_STORAGE=s3 and the same S3_* settings (bucket ${bucket.bucket})`);
    } else if (config.s3) {
      console.log(
        `  IMAGE_STORAGE=s3 and the same S3_* settings: the images are in the ${new S3ImageStore(config.s3).location} already.`,
      );
    } else {
      const count = await countImages(folder);
      console.log(
        `  and keep ${process.env.STORAGE_DIR ? `STORAGE_DIR=${config.storageDir}` : `DATA_DIR=${config.dataDir}`}: ` +
          `the ${count} images stay in the ${folder.location}. ` +
          "(Or copy them to S3 with --images-to s3 on a new, empty database.)",
      );
    }
    console.log("Then check a few reports, and that staff can sign in.");
    return 0;
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) {
      console.error(
        `${error.message}\nThe embedded database can be copied only while no portal uses it: stop the portal, then run this command again.`,
      );
    } else {
      console.error((error as Error).message);
    }
    return 1;
  }
}

process.exitCode = await main();
