import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IMAGE_URL_PREFIX } from "#shared/api-paths.ts";
import type { ApiError, GrievanceListResponse, PublicGrievance } from "#shared/api-types.ts";
import { MESSAGES } from "#shared/messages.ts";
import { sweepOrphans } from "#server/maintenance/orphan-sweep.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { makeImageKeys } from "#server/storage/object-key.ts";
import { makeCorruptJpeg, makeJpeg, makeJpegRotated, makePng } from "../fixtures/images.ts";
import { countRows, createTestApp, postGrievance, storedFiles, validFields, type TestApp } from "./test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query("DELETE FROM grievances");
  await fs.rm(t.storageDir, { recursive: true, force: true });
});

const fetchMedia = (url: string) => t.app.inject({ method: "GET", url });

// Each photo becomes a full image (the viewer), a medium version (the details gallery) and a thumbnail (cards).
describe("POST /api/grievances: image versions", () => {
  it("stores a full, a medium and a thumbnail version of each image and answers their URLs and the full size", async () => {
    const res = await postGrievance(t.app, validFields, [
      { filename: "street.jpg", bytes: await makeJpeg(3000, 2000) },
      { filename: "sideways.jpg", bytes: await makeJpegRotated() },
      { filename: "small.png", bytes: await makePng(320, 240) },
    ]);
    expect(res.statusCode).toBe(201);
    const { images } = res.json<PublicGrievance>();
    // The size is that of the stored, upright full image: 3000x2000 fitted inside 2560, the rotated one turned.
    expect(images.map(({ width, height }) => [width, height])).toEqual([
      [2560, 1707],
      [100, 200],
      [320, 240],
    ]);
    const expectedMedium = [
      [800, 533],
      [100, 200],
      [320, 240],
    ];
    for (const [i, image] of images.entries()) {
      const stem = image.url.replace(/\.(jpg|png)$/, "");
      expect(image).toEqual({
        url: image.url,
        thumbnailUrl: `${stem}.thumb.webp`,
        mediumUrl: `${stem}.medium.webp`,
        width: image.width,
        height: image.height,
      });
      const full = await sharp((await fetchMedia(image.url)).rawPayload).metadata();
      expect([full.width, full.height]).toEqual([image.width, image.height]);

      const medium = await fetchMedia(image.mediumUrl!);
      expect(medium.statusCode).toBe(200);
      expect(medium.headers["content-type"]).toBe("image/webp");
      expect(medium.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const mediumMeta = await sharp(medium.rawPayload).metadata();
      expect([mediumMeta.format, mediumMeta.width, mediumMeta.height]).toEqual(["webp", ...expectedMedium[i]!]);

      expect((await fetchMedia(image.thumbnailUrl)).statusCode).toBe(200);
    }
    const { rows } = await t.db.query<{ images: object[] }>("SELECT images FROM grievances");
    expect(rows[0]!.images).toEqual(
      images.map((image) => ({
        key: image.url.slice(IMAGE_URL_PREFIX.length),
        thumbnailKey: image.thumbnailUrl.slice(IMAGE_URL_PREFIX.length),
        mediumKey: image.mediumUrl!.slice(IMAGE_URL_PREFIX.length),
        width: image.width,
        height: image.height,
      })),
    );
    expect(await storedFiles(t.storageDir)).toHaveLength(9);
  });

  it("removes the images already stored when a later photo turns out not to decode", async () => {
    const res = await postGrievance(t.app, validFields, [
      { filename: "a.jpg", bytes: await makeJpeg() },
      { filename: "b.png", bytes: await makePng() },
      { filename: "c.jpg", bytes: makeCorruptJpeg() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().message).toBe(MESSAGES.filesRejected);
    expect(await countRows(t.db)).toBe(0);
    expect(await storedFiles(t.storageDir)).toEqual([]);
  });
});

// Reports made before medium versions existed hold only a full image and a thumbnail, and no size.
describe("a report from before medium versions", () => {
  it("is answered with its full image and thumbnail only, for the page to fall back on the thumbnail", async () => {
    const created = await postGrievance(t.app, validFields);
    expect(created.statusCode).toBe(201);
    const { id } = created.json<PublicGrievance>();
    const old = makeImageKeys("old photo", "jpg", 1_700_000_000_000);
    const store = new LocalImageStore(t.storageDir);
    await store.put(old.key, await makePng(), "image/jpeg");
    await store.put(old.thumbnailKey, await makePng(), "image/webp");
    await t.db.query("UPDATE grievances SET images = $2::jsonb WHERE id = $1", [
      id,
      JSON.stringify([{ key: old.key, thumbnailKey: old.thumbnailKey }]),
    ]);
    const expected = [
      { url: `/media/grievance-images/${old.key}`, thumbnailUrl: `/media/grievance-images/${old.thumbnailKey}` },
    ];

    const details = await t.app.inject({ url: `/api/grievances/${id}` });
    expect(details.statusCode).toBe(200);
    // Strictly: no medium URL and no size, not even as null.
    expect(details.json<PublicGrievance>().images).toStrictEqual(expected);
    const list = (await t.app.inject({ url: "/api/grievances" })).json<GrievanceListResponse>();
    expect(list.items.find((item) => item.id === id)?.images).toStrictEqual(expected);
    for (const { url, thumbnailUrl } of expected) {
      expect((await t.app.inject({ url })).statusCode).toBe(200);
      expect((await t.app.inject({ url: thumbnailUrl })).statusCode).toBe(200);
    }
  });
});

describe("the orphan sweep and medium versions", () => {
  it("removes a medium version left half-written by a crash", async () => {
    expect((await postGrievance(t.app, validFields)).statusCode).toBe(201);
    const store = new LocalImageStore(t.storageDir);
    const leftover = `${makeImageKeys("cut", "jpg").mediumKey}.4242.tmp`;
    await fs.mkdir(store.bucketDir, { recursive: true });
    await fs.writeFile(path.join(store.bucketDir, leftover), "half an image");

    await sweepOrphans(t.db, store, 0);
    await expect(fs.access(path.join(store.bucketDir, leftover))).rejects.toThrow();
  });
});
