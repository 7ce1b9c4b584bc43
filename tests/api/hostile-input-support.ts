import { Readable } from "node:stream";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { countRows, createTestApp, expectHumanError, multipart, storedFiles, type TestApp } from "./test-app.ts";

/**
 * The hostile-input catalogue, through inject: malformed forms, limits, text that cannot be stored, enums, numbers,
 * methods, content types, prototype keys and path traversal. Every refusal is a 4xx with a human `{ message }`,
 * the server keeps answering, and nothing is stored. Real sockets (keep-alive, timeouts, Node's parser) are in
 * hostile-input-sockets.test.ts.
 * This module holds what the hostile-input-*.test.ts files that use inject share.
 */

export let t: TestApp;

export const BOUNDARY = "hostile-boundary-7d3f";
export const FORM_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
export const required = {
  title: "Leaking pipe",
  description: "Water runs down the street.",
  category: "Leakage Issues",
};

export const fieldPart = (name: string, value: string | Buffer, boundary = BOUNDARY) =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
    Buffer.from(value),
    Buffer.from("\r\n"),
  ]);
export const filePart = (name: string, filename: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from("\r\n"),
  ]);
export const closing = (boundary = BOUNDARY) => Buffer.from(`--${boundary}--\r\n`);
export const requiredParts = () => Object.entries(required).map(([name, value]) => fieldPart(name, value));

export const postRaw = (payload: Buffer | string | Readable, contentType = FORM_TYPE): InjectOptions => ({
  method: "POST",
  url: "/api/grievances",
  headers: { "content-type": contentType },
  payload,
});
export const postForm = async (
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = [],
): Promise<InjectOptions> => ({
  method: "POST",
  url: "/api/grievances",
  ...(await multipart(fields, files)),
});

export interface Case {
  name: string;
  request: InjectOptions | (() => Promise<InjectOptions>);
  status: number;
  message?: string | RegExp;
}

export async function expectRefused({ request, status, message }: Case) {
  const res = await t.app.inject(typeof request === "function" ? await request() : request);
  expect(res.statusCode).toBe(status);
  expectHumanError(res.body, message);
  await expectUnharmed();
}

/** The server still answers a normal request, and nothing of the refused one was stored. */
export async function expectUnharmed() {
  const list = await t.app.inject({ url: "/api/grievances" });
  expect(list.statusCode).toBe(200);
  expect(await countRows(t.db)).toBe(0);
  expect(await storedFiles(t.storageDir)).toEqual([]);
}

export const MALFORMED = "The form data could not be read. Please try again.";
export const NOT_ALLOWED_NAME = "The form contains a field name that is not allowed.";
export const BAD_ADDRESS = /^The address contains invisible or broken characters/;
export const BAD_LIST_QUERY = /^Invalid list query: please check/;

/** A portal for the calling file, its reports deleted before each test. */
export function useHostileInputPortal(): void {
  beforeAll(async () => {
    // Many submissions from one address: the hourly limit is not what these tests are about.
    t = await createTestApp({ config: { submissionsPerHour: 100_000 } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.query("DELETE FROM grievances");
  });
}
