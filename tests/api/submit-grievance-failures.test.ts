import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ApiError } from "#shared/api-types.ts";
import { MESSAGES } from "#shared/messages.ts";
import { makeJpeg, makePng } from "../fixtures/images.ts";
import { required } from "./submit-grievance-app.ts";
import { countRows, createTestApp, postGrievance, storedFiles } from "./test-app.ts";

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
