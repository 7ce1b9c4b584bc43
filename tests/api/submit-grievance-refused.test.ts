import { describe, expect, it } from "vitest";
import type { ApiError } from "#shared/api-types.ts";
import { MAX_IMAGE_BYTES } from "#shared/domain.ts";
import { MESSAGES } from "#shared/messages.ts";
import { makeCorruptJpeg, makePng, makePngBomb, svgImage } from "../fixtures/images.ts";
import { required, t, useEmptiedApp } from "./submit-grievance-app.ts";
import { countRows, multipart, postGrievance, storedFiles } from "./test-app.ts";

useEmptiedApp();

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
