import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicGrievance } from "#shared/api-types.ts";
import { sweepOrphans } from "#server/maintenance/orphan-sweep.ts";
import type { ImageStore } from "#server/storage/image-store.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { makeImageKeys } from "#server/storage/object-key.ts";
import { S3ImageStore } from "#server/storage/s3-image-store.ts";
import { makePng } from "../fixtures/images.ts";
import { createTestApp, postGrievance, validFields, type TestApp } from "./test-app.ts";

const BUCKET = "grievance-images";
let s3Dir: string;
let s3Server: S3rver;
let s3Client: S3Client;
let s3Config: ConstructorParameters<typeof S3ImageStore>[0];

beforeAll(async () => {
  s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-sweep-s3-"));
  s3Server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3Server.run();
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  s3Config = {
    bucket: BUCKET,
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    credentials,
    forcePathStyle: true,
  };
  s3Client = new S3Client({ region: "us-east-1", endpoint: s3Config.endpoint, forcePathStyle: true, credentials });
});
afterAll(async () => {
  await s3Server.close();
  await fs.rm(s3Dir, { recursive: true, force: true });
});

async function names(store: ImageStore): Promise<string[]> {
  const found: string[] = [];
  for await (const object of store.list()) found.push(object.name);
  return found.sort();
}

interface Kind {
  name: string;
  open(): Promise<{ t: TestApp; store: ImageStore }>;
  /** Writes something a crash leaves behind: a half-written file or a probe object. */
  leaveLeftover(t: TestApp): Promise<string>;
}

const kinds: Kind[] = [
  {
    name: "folder storage",
    async open() {
      const t = await createTestApp();
      return { t, store: new LocalImageStore(t.storageDir) };
    },
    async leaveLeftover(t) {
      const name = `${makeImageKeys("cut", "jpg").key}.4242.tmp`;
      await fs.mkdir(t.bucketDir, { recursive: true });
      await fs.writeFile(path.join(t.bucketDir, name), "half an image");
      return name;
    },
  },
  {
    name: "S3 storage",
    async open() {
      const store = new S3ImageStore(s3Config);
      const t = await createTestApp({ imageStore: () => store });
      return { t, store };
    },
    async leaveLeftover() {
      const name = `.probe-4242-${Date.now()}`;
      await s3Client.send(new PutObjectCommand({ Bucket: BUCKET, Key: name, Body: "ok" }));
      return name;
    },
  },
];

describe.each(kinds)("orphan sweep on $name", (kind) => {
  let t: TestApp;
  let store: ImageStore;
  beforeAll(async () => {
    ({ t, store } = await kind.open());
  });
  afterAll(() => t.close());

  it("leaves everything alone while the database holds no report", async () => {
    // A new installation: nothing stored, nothing to warn about.
    expect(await sweepOrphans(t.db, store, 0)).toEqual({ examined: 0, deleted: 0 });
    const orphan = makeImageKeys("early", "png").key;
    await store.put(orphan, await makePng(), "image/png");
    expect(await sweepOrphans(t.db, store, 0)).toEqual({
      examined: 0,
      deleted: 0,
      skipped: "the database holds no reports while the storage holds images",
    });
    expect(await names(store)).toContain(orphan);
  });

  it("deletes unreferenced images and leftovers past the grace period, and keeps every report's images", async () => {
    const res = await postGrievance(t.app, validFields, [{ filename: "kept.png", bytes: await makePng() }]);
    expect(res.statusCode).toBe(201);
    const report = res.json<PublicGrievance>();
    const orphan = makeImageKeys("orphan", "png");
    await store.put(orphan.key, await makePng(), "image/png");
    await store.put(orphan.thumbnailKey, await makePng(), "image/webp");
    await store.put(orphan.mediumKey, await makePng(), "image/webp");
    const leftover = await kind.leaveLeftover(t);
    const before = await names(store);
    expect(before).toEqual(expect.arrayContaining([orphan.key, orphan.thumbnailKey, orphan.mediumKey, leftover]));

    // Within the grace period: a submit in flight may own them.
    expect(await sweepOrphans(t.db, store, 60)).toEqual({ examined: 0, deleted: 0 });
    expect(await names(store)).toEqual(before);

    const result = await sweepOrphans(t.db, store, 0);
    const after = await names(store);
    expect(after).not.toContain(orphan.key);
    expect(after).not.toContain(orphan.thumbnailKey);
    expect(after).not.toContain(orphan.mediumKey);
    expect(after).not.toContain(leftover);
    expect(after).toHaveLength(3);
    expect(result.deleted).toBe(before.length - 3);
    // The report's image, thumbnail and medium version are still served.
    for (const url of [report.images[0]!.url, report.images[0]!.thumbnailUrl, report.images[0]!.mediumUrl!]) {
      expect((await t.app.inject({ url })).statusCode).toBe(200);
    }
  });
});
