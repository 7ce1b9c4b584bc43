import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IMAGE_URL_PREFIX } from "#shared/api-paths.ts";
import type { ApiError, PublicGrievance } from "#shared/api-types.ts";
import { MAX_IMAGE_BYTES } from "#shared/domain.ts";
import { MESSAGES } from "#shared/messages.ts";
import {
  makeAnimatedGif,
  makeCorruptJpeg,
  makeGif,
  makeJpeg,
  makeJpegRotated,
  makeJpegWithGps,
  makePng,
  makePngBomb,
  makeWebp,
  svgImage,
} from "../fixtures/images.ts";
import {
  countRows,
  createTestApp,
  multipart,
  postGrievance,
  storedFiles,
  validFields,
  type TestApp,
} from "./test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query("DELETE FROM grievances");
  await fs.rm(t.storageDir, { recursive: true, force: true });
});

const required = { title: "Leaking pipe", description: "Water runs down the street.", category: "Leakage Issues" };

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

describe("POST /api/grievances: field validation", () => {
  const cases: [string, Record<string, string>, string, string][] = [
    ["missing title", { ...required, title: "" }, "title", MESSAGES.requiredFields],
    ["blank description", { ...required, description: "   " }, "description", MESSAGES.requiredFields],
    ["missing category", { title: "T", description: "D" }, "category", MESSAGES.requiredFields],
    ["unknown category", { ...required, category: "Noise" }, "category", MESSAGES.categoryNotOffered],
    ["unknown priority", { ...required, priority: "critical" }, "priority", "Please choose a priority from the list."],
    ["bad email", { ...required, user_email: "not-an-email" }, "user_email", MESSAGES.invalidEmail],
    ["bad phone", { ...required, user_phone: "call me maybe" }, "user_phone", MESSAGES.invalidPhone],
    ["over-long title", { ...required, title: "x".repeat(201) }, "title", MESSAGES.tooLong("Issue Title", 200)],
  ];

  it.each(cases)("rejects a %s with a 400 and the field's message", async (_name, fields, field, message) => {
    const res = await postGrievance(t.app, fields, [{ filename: "ok.png", bytes: await makePng() }]);
    expect(res.statusCode).toBe(400);
    const body = res.json<ApiError>();
    expect(body.fieldErrors?.[field as keyof NonNullable<ApiError["fieldErrors"]>]).toBe(message);
    expect(body.message).toBe(message);
    expect(await countRows(t.db)).toBe(0);
    expect(await storedFiles(t.storageDir)).toEqual([]);
  });

  it("names every missing required field with the specification's message", async () => {
    const res = await postGrievance(t.app, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: MESSAGES.requiredFields,
      fieldErrors: {
        title: MESSAGES.requiredFields,
        description: MESSAGES.requiredFields,
        category: MESSAGES.requiredFields,
      },
      requestId: expect.any(String),
    });
  });

  it("answers a malformed or cut-off form with a 400 and a message", async () => {
    const { payload, headers } = await multipart(required, [{ filename: "a.png", bytes: await makePng() }]);
    for (const body of [payload.subarray(0, payload.length - 300), Buffer.from("garbage without boundaries")]) {
      const res = await t.app.inject({ method: "POST", url: "/api/grievances", headers, payload: body });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json<ApiError>().message).toBe("string");
    }
    const noBoundary = await t.app.inject({
      method: "POST",
      url: "/api/grievances",
      headers: { "content-type": "multipart/form-data" },
      payload: "x",
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toEqual({
      message: "The form data could not be read. Please try again.",
      requestId: expect.any(String),
    });
    expect(await countRows(t.db)).toBe(0);
  });

  it("answers a request that is not a form with 415 and a message", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/grievances", payload: required });
    expect(res.statusCode).toBe(415);
    expect(res.json<ApiError>().message).toMatch(/form/);
  });
});

describe("POST /api/grievances: rejected files leave nothing behind", () => {
  async function expectRejected(files: Parameters<typeof postGrievance>[2], message: string, status = 400) {
    const res = await postGrievance(t.app, required, files);
    expect(res.statusCode).toBe(status);
    expect(res.json<ApiError>().message).toBe(message);
    expect(await countRows(t.db)).toBe(0);
    expect(await storedFiles(t.storageDir)).toEqual([]);
  }

  it("rejects a file over 5,242,880 bytes", async () => {
    // A valid PNG followed by padding: only the size is wrong.
    const big = Buffer.concat([await makePng(), Buffer.alloc(MAX_IMAGE_BYTES)]);
    await expectRejected(
      [
        { filename: "ok.png", bytes: await makePng() },
        { filename: "big.png", bytes: big },
      ],
      MESSAGES.filesRejected,
    );
  });

  it("accepts a file of exactly 5,242,880 bytes as far as size goes", async () => {
    const png = await makePng();
    const exact = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES - png.length)]);
    const res = await postGrievance(t.app, required, [{ filename: "exact.png", bytes: exact }]);
    expect(res.statusCode).toBe(201);
  });

  it("rejects six files with the at-most-five message", async () => {
    const png = await makePng(16, 16);
    await expectRejected(
      Array.from({ length: 6 }, (_, i) => ({ filename: `p${i}.png`, bytes: png })),
      MESSAGES.tooManyImages,
    );
  });

  it("rejects seven files too", async () => {
    const png = await makePng(16, 16);
    await expectRejected(
      Array.from({ length: 7 }, (_, i) => ({ filename: `p${i}.png`, bytes: png })),
      MESSAGES.tooManyImages,
    );
  });

  it("rejects an SVG", async () => {
    await expectRejected([{ filename: "logo.svg", bytes: svgImage, type: "image/svg+xml" }], MESSAGES.filesRejected);
  });

  it("rejects a text file named .png and declared as an image", async () => {
    await expectRejected(
      [{ filename: "notes.png", bytes: Buffer.from("just some text\n"), type: "image/png" }],
      MESSAGES.filesRejected,
    );
  });

  it("rejects a corrupt JPEG", async () => {
    await expectRejected([{ filename: "broken.jpg", bytes: makeCorruptJpeg() }], MESSAGES.filesRejected);
  });

  it("rejects a decompression bomb (10000x10000 PNG)", async () => {
    await expectRejected(
      [
        { filename: "good.png", bytes: await makePng() },
        { filename: "bomb.png", bytes: await makePngBomb() },
      ],
      MESSAGES.filesRejected,
    );
  });

  it("rejects files in any field other than images", async () => {
    const res = await postGrievance(t.app, required, [{ name: "photo", filename: "a.png", bytes: await makePng() }]);
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().message).toMatch(/images/);
    expect(await countRows(t.db)).toBe(0);
  });
});

describe("POST /api/grievances: atomicity", () => {
  it("rolls back the row and removes stored images when the database step fails", async () => {
    const failing = await createTestApp({
      repository: (real) =>
        Object.assign(Object.create(real) as typeof real, {
          // The row is written, then the transaction fails: nothing of either may remain.
          insert: async (...args: Parameters<typeof real.insert>) => {
            await real.insert(...args);
            throw new Error("simulated database failure");
          },
        }),
    });
    try {
      const res = await postGrievance(failing.app, required, [
        { filename: "a.png", bytes: await makePng() },
        { filename: "b.jpg", bytes: await makeJpeg() },
      ]);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: MESSAGES.submitFailed, requestId: expect.any(String) });
      expect(res.body).not.toContain("simulated");
      expect(await countRows(failing.db)).toBe(0);
      expect(await storedFiles(failing.storageDir)).toEqual([]);
    } finally {
      await failing.close();
    }
  });

  it("rolls back the row and removes earlier images when storing a later one fails", async () => {
    let puts = 0;
    const failing = await createTestApp({
      imageStore: (real) =>
        Object.assign(Object.create(real) as typeof real, {
          put: async (key: string, bytes: Buffer, type: string) => {
            if (++puts === 3) throw new Error("disk full");
            return real.put(key, bytes, type);
          },
        }),
    });
    try {
      const res = await postGrievance(failing.app, required, [
        { filename: "a.png", bytes: await makePng() },
        { filename: "b.png", bytes: await makePng() },
      ]);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: MESSAGES.submitFailed, requestId: expect.any(String) });
      expect(await countRows(failing.db)).toBe(0);
      expect(await storedFiles(path.join(failing.storageDir))).toEqual([]);
    } finally {
      await failing.close();
    }
  });

  it("removes every version of every image when storing one medium version fails", async () => {
    let mediumPuts = 0;
    const written: string[] = [];
    const failing = await createTestApp({
      imageStore: (real) =>
        Object.assign(Object.create(real) as typeof real, {
          put: async (key: string, bytes: Buffer, type: string) => {
            if (key.endsWith(".medium.webp") && ++mediumPuts === 2) throw new Error("disk full");
            await real.put(key, bytes, type);
            written.push(key);
          },
        }),
    });
    try {
      const res = await postGrievance(failing.app, required, [
        { filename: "a.jpg", bytes: await makeJpeg(1600, 1200) },
        { filename: "b.png", bytes: await makePng() },
        { filename: "c.jpg", bytes: await makeJpeg() },
      ]);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: MESSAGES.submitFailed, requestId: expect.any(String) });
      expect(await countRows(failing.db)).toBe(0);
      // Some versions were written before the failure (the failed photo's own full and thumbnail among them)...
      expect(written.some((key) => key.endsWith(".thumb.webp"))).toBe(true);
      // ...and none of them is left.
      expect(await storedFiles(failing.storageDir)).toEqual([]);
    } finally {
      await failing.close();
    }
  });
});

describe("POST /api/grievances: rate limit", () => {
  it("answers 429 with a message once the hourly limit is used up", async () => {
    const limited = await createTestApp({ config: { submissionsPerHour: 2 } });
    try {
      expect((await postGrievance(limited.app, required)).statusCode).toBe(201);
      expect((await postGrievance(limited.app, required)).statusCode).toBe(201);
      const res = await postGrievance(limited.app, required);
      expect(res.statusCode).toBe(429);
      expect(res.json<ApiError>().message).toMatch(
        /^Too many reports from your connection\. Please try again in \d+ minute/,
      );
      expect(await countRows(limited.db)).toBe(2);
      // Reading is not limited.
      expect((await limited.app.inject({ url: "/api/grievances" })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
