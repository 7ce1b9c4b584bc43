import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3Config } from "#server/storage/s3-image-store.ts";
import { openPostgresDatabase } from "#server/db/postgres-database.ts";
import { S3ImageStore } from "#server/storage/s3-image-store.ts";
import { scratchPostgresUnavailable } from "../support/scratch-postgres.ts";
import { storedFiles } from "./test-app.ts";
import {
  BUCKET,
  scratch,
  config,
  publicImageUrls,
  runMigrateData,
  withPortal,
  relationsIn,
  useFilledDataDir,
} from "./migrate-data-support.ts";

// `npm run migrate-data --images-to s3` (migrate-data-support.ts): the photos copied into an S3 bucket too.

describe.skipIf(scratchPostgresUnavailable)(
  `npm run migrate-data ${scratchPostgresUnavailable ?? ""}`,
  { timeout: 180_000 },
  () => {
    useFilledDataDir();

    describe("--images-to s3", () => {
      let s3rver: S3rver;
      let s3Dir: string;
      let s3: S3Config;
      beforeAll(async () => {
        s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), "migrate-data-s3-"));
        s3rver = new S3rver({
          address: "127.0.0.1",
          port: 0,
          silent: true,
          directory: s3Dir,
          configureBuckets: [{ name: BUCKET, configs: [] }],
        });
        const { port } = await s3rver.run();
        s3 = {
          bucket: BUCKET,
          region: "us-east-1",
          endpoint: `http://127.0.0.1:${port}`,
          credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
          forcePathStyle: true,
        };
      });
      afterAll(async () => {
        await s3rver?.close();
        if (s3Dir) await fs.rm(s3Dir, { recursive: true, force: true });
      });
      const s3Env = () => ({
        S3_ENDPOINT: s3.endpoint!,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
      });

      it("copies every image to the bucket, verified, and the portal on S3 serves them; a second run skips them", async () => {
        const local = (await storedFiles(config.storageDir)).map((file) => path.basename(file)).sort();
        // Four photos of reports and one of an update, each with its thumbnail and medium size.
        expect(local).toHaveLength(15);

        const target = await scratch.createDatabase();
        const run = await runMigrateData(["--to", target, "--images-to", "s3"], s3Env());
        expect(run.stderr).toBe("");
        expect(run.code).toBe(0);
        expect(run.stdout).toContain("Images: 15 in the folder; 15 copied");
        expect(run.stdout).toContain("0 already in the bucket");
        expect(run.stdout).toContain(`IMAGE_STORAGE=s3 and the same S3_* settings (bucket ${BUCKET})`);
        const client = new S3Client({
          region: s3.region,
          endpoint: s3.endpoint,
          forcePathStyle: true,
          credentials: s3.credentials,
        });
        const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
        expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual(local);

        const db = await openPostgresDatabase(target);
        try {
          await withPortal(db, new S3ImageStore(s3), async (app) => {
            for (const url of publicImageUrls()) {
              const served = await app.inject({ method: "GET", url });
              expect(served.statusCode, url).toBe(200);
              const key = url.split("/").pop()!;
              expect(served.rawPayload.equals(await fs.readFile(path.join(config.storageDir, BUCKET, key)))).toBe(true);
            }
          });
        } finally {
          await db.close();
        }

        const again = await runMigrateData(["--to", await scratch.createDatabase(), "--images-to", "s3"], s3Env());
        expect(again.code).toBe(0);
        expect(again.stdout).toContain(
          "Images: 15 in the folder; 0 copied (0.0 MB), 15 already in the bucket with the same size",
        );
      });

      it("stops before copying anything when the bucket is not usable", async () => {
        const target = await scratch.createDatabase();
        const run = await runMigrateData(["--to", target, "--images-to", "s3"], {
          ...s3Env(),
          S3_BUCKET: "no-such-bucket",
        });
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(
          /^The S3 bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ is not usable \(.*\); check the S3_\* settings\.\nNothing was written/,
        );
        expect(await relationsIn(target)).toEqual([]);
      });
    });
  },
);
