import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicGrievance } from "#shared/api-types.ts";
import { loadConfig } from "#server/config.ts";
import type { S3Config } from "#server/storage/s3-image-store.ts";
import { createImageStore } from "#server/storage/create-image-store.ts";
import { S3ImageStore } from "#server/storage/s3-image-store.ts";
import { makeJpeg, makePng } from "../fixtures/images.ts";
import { countRows, createTestApp, postGrievance, validFields } from "./test-app.ts";

// An S3 server in this process (s3rver), so the store is tested against real S3 requests on loopback.
const BUCKET = "grievance-images";
let server: S3rver;
let s3: S3Config;
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-s3-"));
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  s3 = {
    bucket: BUCKET,
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
  };
});
afterAll(async () => {
  await server.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function objectsInBucket(): Promise<string[]> {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: s3.credentials,
  });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

describe("configuration", () => {
  it("chooses the S3 store with IMAGE_STORAGE=s3, path-style when an endpoint is given", () => {
    const config = loadConfig({
      IMAGE_STORAGE: "s3",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "a",
      S3_SECRET_ACCESS_KEY: "b",
    });
    expect(config.s3).toEqual({
      bucket: "grievance-images",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      credentials: { accessKeyId: "a", secretAccessKey: "b" },
      forcePathStyle: true,
    });
    expect(createImageStore(config)).toBeInstanceOf(S3ImageStore);
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it("refuses half a key pair and a malformed endpoint", () => {
    expect(() => loadConfig({ IMAGE_STORAGE: "s3", S3_ACCESS_KEY_ID: "a" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ IMAGE_STORAGE: "s3", S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT/);
  });
});

describe("S3ImageStore", () => {
  const key = "1763766000000-abcdefghij-pipe.jpg";

  it("stores, reads back with the key's content type, and deletes (twice without error)", async () => {
    const store = new S3ImageStore(s3);
    await store.check();
    const bytes = await makeJpeg(40, 30);
    await store.put(key, bytes, "image/jpeg");
    const object = await store.get(key);
    expect(object?.contentType).toBe("image/jpeg");
    expect(object?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of object!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

    await store.delete(key);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await objectsInBucket()).toEqual([]);
  });

  it("never sends an invalid key to the bucket", async () => {
    const store = new S3ImageStore(s3);
    await expect(store.put("../escape.jpg", Buffer.from("x"), "image/jpeg")).rejects.toThrow(/Invalid object key/);
    expect(await store.get("../../etc/passwd")).toBeNull();
  });

  it("fails its check when the bucket does not exist", async () => {
    await expect(new S3ImageStore({ ...s3, bucket: "no-such-bucket" }).check()).rejects.toThrow();
  });
});

describe("the portal on S3 storage", () => {
  it("stores a report's images in the bucket and serves them", async () => {
    const t = await createTestApp({ imageStore: () => new S3ImageStore(s3) });
    try {
      expect((await t.app.inject({ method: "GET", url: "/api/storage" })).statusCode).toBe(200);
      const res = await postGrievance(t.app, validFields, [
        { filename: "Leak.PNG", bytes: await makePng(), type: "image/png" },
      ]);
      expect(res.statusCode).toBe(201);
      const [image] = res.json<PublicGrievance>().images;
      const stored = await objectsInBucket();
      expect(stored).toHaveLength(3);
      expect(stored.some((k) => k.endsWith("-leak.png"))).toBe(true);
      expect(stored.some((k) => k.endsWith("-leak.thumb.webp"))).toBe(true);
      expect(stored.some((k) => k.endsWith("-leak.medium.webp"))).toBe(true);

      const served = await t.app.inject({ method: "GET", url: image!.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/png");
      expect(served.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    } finally {
      await t.close();
    }
  });

  it("leaves nothing in the bucket when the insert fails", async () => {
    const before = await objectsInBucket();
    const t = await createTestApp({
      imageStore: () => new S3ImageStore(s3),
      repository: (real) =>
        Object.assign(Object.create(real) as typeof real, {
          insert: async () => {
            throw new Error("simulated database failure");
          },
        }),
    });
    try {
      const res = await postGrievance(t.app, validFields, [
        { filename: "a.jpg", bytes: await makeJpeg(), type: "image/jpeg" },
      ]);
      expect(res.statusCode).toBe(500);
      expect(await countRows(t.db)).toBe(0);
      expect(await objectsInBucket()).toEqual(before);
    } finally {
      await t.close();
    }
  });

  it("reports an unreachable bucket on the storage check", async () => {
    const t = await createTestApp({ imageStore: () => new S3ImageStore({ ...s3, bucket: "no-such-bucket" }) });
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/storage" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        ok: false,
        message: "Error: Unable to access storage. Please check your storage configuration.",
      });
    } finally {
      await t.close();
    }
  });
});
