import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_URL_PREFIX } from "#shared/api-paths.ts";
import type { PublicGrievance } from "#shared/api-types.ts";
import {
  makeAnimatedGif,
  makeGif,
  makeJpeg,
  makeJpegRotated,
  makeJpegWithGps,
  makePng,
  makeWebp,
} from "../fixtures/images.ts";
import { required, t, useEmptiedApp } from "./submit-grievance-app.ts";
import { postGrievance, storedFiles, validFields } from "./test-app.ts";

useEmptiedApp();

async function fetchMedia(url: string) {
  return t.app.inject({ method: "GET", url });
}

describe("POST /api/grievances: accepted", () => {
  it("stores a report with only the required fields as pending with medium priority", async () => {
    const res = await postGrievance(t.app, required);
    expect(res.statusCode).toBe(201);
    const body = res.json<PublicGrievance>();
    expect(body).toMatchObject({ ...required, status: "pending", priority: "medium", location: null, images: [] });
    expect(body.user_email).toBeNull();
    expect(body.user_phone).toBeNull();
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);

    const { rows } = await t.db.query<{ status: string; priority: string; title: string }>(
      "SELECT status, priority, title FROM grievances WHERE id = $1",
      [body.id],
    );
    expect(rows).toEqual([{ status: "pending", priority: "medium", title: required.title }]);
  });

  it("stores every field, keeps the contact details in the row but masks them in the answer", async () => {
    const res = await postGrievance(t.app, validFields);
    expect(res.statusCode).toBe(201);
    const body = res.json<PublicGrievance>();
    expect(body.user_email).toBe("j\u2022\u2022\u2022@example.org");
    expect(body.user_phone).toBe("\u2022\u2022\u2022\u2022\u2022\u2022\u202289");
    expect(res.body).not.toContain(validFields.user_email);
    expect(res.body).not.toContain("700 123");
    const { rows } = await t.db.query("SELECT user_email, user_phone, location, priority FROM grievances");
    expect(rows).toEqual([
      {
        user_email: validFields.user_email,
        user_phone: validFields.user_phone,
        location: "Elm Street 12",
        priority: "high",
      },
    ]);
  });

  it("stores images of all four formats with thumbnails and serves them with the right type", async () => {
    const files = [
      { filename: "Broken Pipe (1).JPG", bytes: await makeJpeg(), type: "image/jpeg" },
      { filename: "puddle.png", bytes: await makePng(), type: "image/png" },
      { filename: "leak.webp", bytes: await makeWebp(), type: "image/webp" },
      { filename: "drip.gif", bytes: await makeGif(), type: "image/gif" },
    ];
    const res = await postGrievance(t.app, required, files);
    expect(res.statusCode).toBe(201);
    const { images } = res.json<PublicGrievance>();
    expect(images).toHaveLength(4);
    expect(images[0]!.url).toMatch(/^\/media\/grievance-images\/\d{13}-[a-z0-9]{10}-broken-pipe-1\.jpg$/);
    expect(images[0]!.thumbnailUrl).toBe(images[0]!.url.replace(/\.jpg$/, ".thumb.webp"));

    const expectedTypes = ["image/jpeg", "image/png", "image/webp", "image/gif"];
    for (const [i, image] of images.entries()) {
      const full = await fetchMedia(image.url);
      expect(full.statusCode).toBe(200);
      expect(full.headers["content-type"]).toBe(expectedTypes[i]);
      expect(full.headers["x-content-type-options"]).toBe("nosniff");
      expect(full.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect((await sharp(full.rawPayload).metadata()).format).toBe(["jpeg", "png", "webp", "gif"][i]);

      const thumb = await fetchMedia(image.thumbnailUrl);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers["content-type"]).toBe("image/webp");
      const meta = await sharp(thumb.rawPayload).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBeLessThanOrEqual(480);
      expect(meta.height).toBeLessThanOrEqual(360);
    }
    // Object keys, not URLs, in the row: moving storage must not rewrite rows.
    const { rows } = await t.db.query<{ images: { key: string; thumbnailKey: string }[] }>(
      "SELECT images FROM grievances",
    );
    expect(rows[0]!.images.map((i) => IMAGE_URL_PREFIX + i.key)).toEqual(images.map((i) => i.url));
    // Full, medium and thumbnail of each.
    expect(await storedFiles(t.storageDir)).toHaveLength(12);
  });

  it("strips EXIF including the GPS position", async () => {
    const original = await makeJpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await postGrievance(t.app, required, [{ filename: "photo.jpg", bytes: original }]);
    expect(res.statusCode).toBe(201);
    const { url, mediumUrl, thumbnailUrl } = res.json<PublicGrievance>().images[0]!;
    for (const version of [url, mediumUrl!, thumbnailUrl]) {
      const stored = await fetchMedia(version);
      const meta = await sharp(stored.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(stored.rawPayload.includes(Buffer.from("PhoneMaker"))).toBe(false);
    }
  });

  it("applies the EXIF orientation to the pixels", async () => {
    const res = await postGrievance(t.app, required, [{ filename: "sideways.jpg", bytes: await makeJpegRotated() }]);
    expect(res.statusCode).toBe(201);
    const stored = await fetchMedia(res.json<PublicGrievance>().images[0]!.url);
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([100, 200, undefined]);
  });

  it("keeps the frames of an animated GIF", async () => {
    const res = await postGrievance(t.app, required, [{ filename: "anim.gif", bytes: await makeAnimatedGif() }]);
    expect(res.statusCode).toBe(201);
    const stored = await fetchMedia(res.json<PublicGrievance>().images[0]!.url);
    const meta = await sharp(stored.rawPayload, { animated: true }).metadata();
    expect([meta.format, meta.pages]).toEqual(["gif", 3]);
  });

  it("shrinks large images to fit 2560x2560", async () => {
    const res = await postGrievance(t.app, required, [{ filename: "wide.png", bytes: await makePng(3000, 1000) }]);
    expect(res.statusCode).toBe(201);
    const stored = await fetchMedia(res.json<PublicGrievance>().images[0]!.url);
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([2560, 853]);
  });
});
