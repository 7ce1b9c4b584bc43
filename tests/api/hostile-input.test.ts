import { Readable } from "node:stream";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GrievanceListResponse, PublicGrievance } from "#shared/api-types.ts";
import { MAX_IMAGE_BYTES } from "#shared/domain.ts";
import { MESSAGES } from "#shared/messages.ts";
import { makePng } from "../fixtures/images.ts";
import {
  countRows,
  createTestApp,
  expectHumanError,
  multipart,
  storedFiles,
  validFields,
  type TestApp,
} from "./test-app.ts";

/**
 * The hostile-input catalogue, through inject: malformed forms, limits, text that cannot be stored, enums, numbers,
 * methods, content types, prototype keys and path traversal. Every refusal is a 4xx with a human `{ message }`,
 * the server keeps answering, and nothing is stored. Real sockets (keep-alive, timeouts, Node's parser) are in
 * hostile-input-sockets.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  // Many submissions from one address: the hourly limit is not what these tests are about.
  t = await createTestApp({ config: { submissionsPerHour: 100_000 } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query("DELETE FROM grievances");
});

const BOUNDARY = "hostile-boundary-7d3f";
const FORM_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const required = { title: "Leaking pipe", description: "Water runs down the street.", category: "Leakage Issues" };

const fieldPart = (name: string, value: string | Buffer, boundary = BOUNDARY) =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
    Buffer.from(value),
    Buffer.from("\r\n"),
  ]);
const filePart = (name: string, filename: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from("\r\n"),
  ]);
const closing = (boundary = BOUNDARY) => Buffer.from(`--${boundary}--\r\n`);
const requiredParts = () => Object.entries(required).map(([name, value]) => fieldPart(name, value));

const postRaw = (payload: Buffer | string | Readable, contentType = FORM_TYPE): InjectOptions => ({
  method: "POST",
  url: "/api/grievances",
  headers: { "content-type": contentType },
  payload,
});
const postForm = async (
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = [],
): Promise<InjectOptions> => ({
  method: "POST",
  url: "/api/grievances",
  ...(await multipart(fields, files)),
});

interface Case {
  name: string;
  request: InjectOptions | (() => Promise<InjectOptions>);
  status: number;
  message?: string | RegExp;
}

async function expectRefused({ request, status, message }: Case) {
  const res = await t.app.inject(typeof request === "function" ? await request() : request);
  expect(res.statusCode).toBe(status);
  expectHumanError(res.body, message);
  await expectUnharmed();
}

/** The server still answers a normal request, and nothing of the refused one was stored. */
async function expectUnharmed() {
  const list = await t.app.inject({ url: "/api/grievances" });
  expect(list.statusCode).toBe(200);
  expect(await countRows(t.db)).toBe(0);
  expect(await storedFiles(t.storageDir)).toEqual([]);
}

const MALFORMED = "The form data could not be read. Please try again.";
const NOT_ALLOWED_NAME = "The form contains a field name that is not allowed.";
const BAD_ADDRESS = /^The address contains invisible or broken characters/;
const BAD_LIST_QUERY = /^Invalid list query: please check/;

describe("malformed multipart bodies", () => {
  const cases: Case[] = [
    {
      name: "no boundary",
      request: postRaw(Buffer.concat(requiredParts()), "multipart/form-data"),
      status: 400,
      message: MALFORMED,
    },
    {
      name: "empty boundary",
      request: postRaw(Buffer.concat(requiredParts()), "multipart/form-data; boundary="),
      status: 400,
      message: MALFORMED,
    },
    {
      name: "a boundary other than the declared one",
      request: postRaw(
        Buffer.concat([...Object.entries(required).map(([n, v]) => fieldPart(n, v, "other")), closing("other")]),
      ),
      status: 400,
      message: MALFORMED,
    },
    {
      name: "a body cut off in the middle of a file",
      request: async () =>
        postRaw(Buffer.concat([...requiredParts(), filePart("images", "a.png", await makePng())]).subarray(0, -40)),
      status: 400,
      message: MALFORMED,
    },
    // The required fields all arrived: without its closing delimiter the form would otherwise be stored as it stands.
    {
      name: "a body without its closing delimiter",
      request: postRaw(Buffer.concat(requiredParts())),
      status: 400,
      message: MALFORMED,
    },
    {
      name: "a closing delimiter missing its final dashes",
      request: postRaw(Buffer.concat([...requiredParts(), Buffer.from(`--${BOUNDARY}\r\n`)])),
      status: 400,
      message: MALFORMED,
    },
    {
      name: "garbage bytes",
      request: postRaw(Buffer.from([0xff, 0x00, 0xfe, 0x13, 0x37, 0x0a, 0x0d])),
      status: 400,
      message: MALFORMED,
    },
    { name: "an empty body", request: postRaw(""), status: 400, message: MALFORMED },
    {
      name: "bare LF line endings",
      request: postRaw(Buffer.concat(requiredParts()).toString().replaceAll("\r\n", "\n") + `--${BOUNDARY}--\n`),
      status: 400,
      message: MALFORMED,
    },
    {
      name: "parts without a Content-Disposition",
      request: postRaw(`--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`),
      status: 400,
      message: MESSAGES.requiredFields,
    },
  ];
  it.each(cases)("refuses $name", expectRefused);
});

describe("limits", () => {
  const manyFields = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`f${i}`, "x"]));
  const emptyFiles = Array.from({ length: 2_000 }, () => ({ filename: "", bytes: new Uint8Array() }));
  const namelessParts = Array.from(
    { length: 100 },
    () => `--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nx\r\n`,
  ).join("");
  // A file far over every limit, streamed without a length: like a chunked body, read only up to the limit.
  const endlessFile = () =>
    Readable.from(
      (function* () {
        yield Buffer.concat(requiredParts());
        yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="big.png"\r\n\r\n`);
        for (let i = 0; i < 40; i++) yield Buffer.alloc(1024 * 1024, 0x61);
        yield Buffer.concat([Buffer.from("\r\n"), closing()]);
      })(),
    );
  const cases: Case[] = [
    {
      name: "5,000 fields",
      request: () => postForm(manyFields),
      status: 400,
      message: "The form has too many fields.",
    },
    {
      name: "2,000 empty file parts",
      request: () => postForm(required, emptyFiles),
      status: 400,
      message: MESSAGES.tooManyImages,
    },
    {
      name: "100 nameless parts",
      request: postRaw(namelessParts + `--${BOUNDARY}--\r\n`),
      status: 400,
      message: "The form has too many parts.",
    },
    {
      name: "7 files",
      request: async () =>
        postForm(
          required,
          Array.from({ length: 7 }, (_, i) => ({ filename: `${i}.png`, bytes: new Uint8Array(64) })),
        ),
      status: 400,
      message: MESSAGES.tooManyImages,
    },
    {
      name: "a field over its byte limit",
      request: () => postForm({ ...required, description: "d".repeat(30_000) }),
      status: 400,
      message: MESSAGES.tooLong("Detailed Description", 5_000),
    },
    {
      name: "a file over 5 MB",
      request: async () =>
        postForm(required, [
          { filename: "big.png", bytes: Buffer.concat([await makePng(), Buffer.alloc(MAX_IMAGE_BYTES)]) },
        ]),
      status: 400,
      message: MESSAGES.filesRejected,
    },
    {
      name: "a declared Content-Length over the upload limit",
      request: {
        ...postRaw(Buffer.concat([...requiredParts(), closing()])),
        headers: { "content-type": FORM_TYPE, "content-length": "200000000" },
      },
      status: 413,
      message: MESSAGES.uploadTooLarge,
    },
    {
      name: "a body of unknown length over the upload limit",
      request: () => Promise.resolve(postRaw(endlessFile())),
      status: 413,
      message: MESSAGES.uploadTooLarge,
    },
  ];
  it.each(cases)("refuses $name", expectRefused);
});

describe("text that cannot be stored", () => {
  const nul = (value: string) => `${value.slice(0, 3)}\u0000${value.slice(3)}`;
  const cases: Case[] = [
    {
      name: "NUL in the title",
      request: () => postForm({ ...validFields, title: nul(validFields.title) }),
      status: 400,
      message: MESSAGES.invalidCharacters("Issue Title"),
    },
    {
      name: "NUL in the description",
      request: () => postForm({ ...validFields, description: nul(validFields.description) }),
      status: 400,
      message: MESSAGES.invalidCharacters("Detailed Description"),
    },
    {
      name: "NUL in the location",
      request: () => postForm({ ...validFields, location: nul(validFields.location) }),
      status: 400,
      message: MESSAGES.invalidCharacters("Location"),
    },
    {
      name: "NUL in the e-mail",
      request: () => postForm({ ...validFields, user_email: nul(validFields.user_email) }),
      status: 400,
      message: MESSAGES.invalidEmail,
    },
    {
      name: "NUL in the phone",
      request: () => postForm({ ...validFields, user_phone: nul(validFields.user_phone) }),
      status: 400,
      message: MESSAGES.invalidPhone,
    },
    {
      name: "NUL in the category",
      request: () => postForm({ ...validFields, category: nul(validFields.category) }),
      status: 400,
      message: MESSAGES.categoryNotOffered,
    },
    { name: "NUL in the search", request: { url: "/api/grievances?q=pipe%00" }, status: 400, message: BAD_ADDRESS },
    { name: "NUL in a filter", request: { url: "/api/grievances?category=%00" }, status: 400, message: BAD_ADDRESS },
    { name: "NUL in a query key", request: { url: "/api/grievances?q%00=x" }, status: 400, message: BAD_ADDRESS },
    { name: "NUL in a report id", request: { url: "/api/grievances/%00" }, status: 400, message: BAD_ADDRESS },
    {
      name: "NUL in a progress id",
      request: { url: "/api/grievances/%00/progress" },
      status: 400,
      message: BAD_ADDRESS,
    },
    { name: "NUL as an image key", request: { url: "/media/grievance-images/%00" }, status: 400, message: BAD_ADDRESS },
    {
      name: "NUL inside an image key",
      request: { url: "/media/grievance-images/1700000000000-abcdefghij-x.png%00.png" },
      status: 400,
      message: BAD_ADDRESS,
    },
    {
      name: "NUL on the multipart route's query",
      request: async () => ({ ...(await postForm(required)), url: "/api/grievances?x=%00" }),
      status: 400,
      message: BAD_ADDRESS,
    },
    ...[
      ["NUL in a JSON value", '{"email":"a\\u0000@example.org","password":"correct horse battery"}'],
      ["a lone surrogate in a JSON value", '{"email":"a\\ud800@example.org","password":"correct horse battery"}'],
      ["NUL in a JSON key", '{"email\\u0000":"a@example.org","password":"correct horse battery"}'],
    ].map(([name, payload]): Case => ({
      name: name!,
      request: {
        method: "POST",
        url: "/api/staff/session",
        headers: { "content-type": "application/json", origin: "http://localhost:80" },
        payload: payload!,
      },
      status: 400,
      message: /^The request contains invisible or broken characters/,
    })),
  ];
  it.each(cases)("refuses $name", expectRefused);
});

describe("enums and numbers", () => {
  const list = (query: string): Case => ({
    name: query,
    request: { url: `/api/grievances?${query}` },
    status: 400,
    message: BAD_LIST_QUERY,
  });
  const cases: Case[] = [
    // Which categories exist is data (decision 017): the server refuses one that is not offered, in any spelling.
    {
      name: "an unknown category",
      request: () => postForm({ ...required, category: "Noise" }),
      status: 400,
      message: MESSAGES.categoryNotOffered,
    },
    {
      name: "a category in the wrong case",
      request: () => postForm({ ...required, category: "leakage issues" }),
      status: 400,
      message: MESSAGES.categoryNotOffered,
    },
    {
      name: "a priority in the wrong case",
      request: () => postForm({ ...required, priority: "URGENT" }),
      status: 400,
      message: "Please choose a priority from the list.",
    },
    {
      name: "a status field in a report",
      request: () => postForm({ ...required, priority: "resolved" }),
      status: 400,
      message: "Please choose a priority from the list.",
    },
    ...["status=PENDING", "status=closed", "priority=Urgent"].map(list),
    ...[
      "page=-1",
      "page=1.5",
      "page=1e3",
      "page=0x10",
      "page=Infinity",
      "page=NaN",
      "page=99999999999999999999",
      "page=1&page=2",
    ].map(list),
    ...["pageSize=0", "pageSize=-5", "pageSize=101", "pageSize=1e1", "pageSize=12.0", "pageSize=%2012"].map(list),
  ];
  it.each(cases)("refuses $name", expectRefused);
});

describe("methods and content types", () => {
  const id = "6f1c1d52-3f43-4e5e-9a55-0d8a8f9f2a11";
  const cases: Case[] = [
    ...(["PUT", "DELETE", "PATCH"] as const).map((method): Case => ({
      name: `${method} on the collection`,
      request: { method, url: "/api/grievances" },
      status: 404,
      message: "Not found",
    })),
    {
      name: "POST on a report",
      request: { method: "POST", url: `/api/grievances/${id}` },
      status: 404,
      message: "Not found",
    },
    {
      name: "DELETE on a report",
      request: { method: "DELETE", url: `/api/grievances/${id}` },
      status: 404,
      message: "Not found",
    },
    {
      name: "JSON to the form route",
      request: {
        method: "POST",
        url: "/api/grievances",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(required),
      },
      status: 415,
      message: "Please send the report as a form (multipart/form-data).",
    },
    {
      name: "JSON with __proto__",
      request: {
        method: "POST",
        url: "/api/grievances",
        headers: { "content-type": "application/json" },
        payload: '{"__proto__":{"admin":true}}',
      },
      status: 400,
      message: "The request body is not valid JSON.",
    },
    {
      name: "a urlencoded form",
      request: {
        method: "POST",
        url: "/api/grievances",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(required).toString(),
      },
      status: 415,
      message: "This kind of request body is not supported.",
    },
    {
      name: "plain text",
      request: {
        method: "POST",
        url: "/api/grievances",
        headers: { "content-type": "text/plain" },
        payload: "title=Leak",
      },
      status: 415,
      message: "Please send the report as a form (multipart/form-data).",
    },
    {
      name: "multipart/mixed",
      request: postRaw(Buffer.concat([...requiredParts(), closing()]), `multipart/mixed; boundary=${BOUNDARY}`),
      status: 415,
      message: "This kind of request body is not supported.",
    },
  ];
  it.each(cases)("refuses $name", expectRefused);
});

describe("prototype keys", () => {
  const cases: Case[] = [
    ...["__proto__", "constructor", "prototype"].map((name): Case => ({
      name: `a field named ${name}`,
      request: postRaw(Buffer.concat([...requiredParts(), fieldPart(name, "x"), closing()])),
      status: 400,
      message: NOT_ALLOWED_NAME,
    })),
    {
      name: "a file field named __proto__",
      request: async () =>
        postRaw(Buffer.concat([...requiredParts(), filePart("__proto__", "a.png", await makePng()), closing()])),
      status: 400,
      message: NOT_ALLOWED_NAME,
    },
  ];
  it.each(cases)("refuses $name", expectRefused);

  it.each([
    "__proto__=x",
    "constructor=x&prototype=y",
    "__proto__[page]=5&constructor[name]=x",
    "toString=1&hasOwnProperty=2",
  ])("ignores the query keys %s like any unknown key", async (query) => {
    const res = await t.app.inject({ url: `/api/grievances?${query}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<GrievanceListResponse>()).toMatchObject({ items: [], page: 1, pageSize: 12 });
    expect(Object.prototype).not.toHaveProperty("page");
    await expectUnharmed();
  });
});

describe("path traversal on the media route", () => {
  it.each([
    "..%2F..%2Fpackage.json",
    "%2e%2e%2f%2e%2e%2fpackage.json",
    "%2E%2E%2F%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
    "..%5C..%5Cpackage.json",
    "%2Fetc%2Fpasswd",
    "C%3A%5CWindows%5Cwin.ini",
    "1700000000000-abcdefghij-..%2F..%2Fx.png",
    "%252e%252e%252fpackage.json",
    "....%2F%2F....%2F%2Fetc%2Fpasswd",
    ".",
  ])("answers %s with a JSON 404", async (key) => {
    const res = await t.app.inject({ url: `/media/grievance-images/${key}` });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expectHumanError(res.body, "Image not found");
    await expectUnharmed();
  });

  it.each(["../../package.json", "%2e%2e/%2e%2e/package.json", "a/../../package.json"])(
    "answers the path %s with a JSON 404",
    async (key) => {
      const res = await t.app.inject({ url: `/media/grievance-images/${key}` });
      expect(res.statusCode).toBe(404);
      expectHumanError(res.body);
      expect(res.body).not.toContain('"name"');
      await expectUnharmed();
    },
  );
});

describe("honest edge cases stay accepted", () => {
  async function expectStored(request: InjectOptions) {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(201);
    expect(res.json<PublicGrievance>()).toMatchObject(required);
    expect(await countRows(t.db)).toBe(1);
  }

  it("a quoted boundary among other parameters", async () => {
    await expectStored(
      postRaw(
        Buffer.concat([...requiredParts(), closing()]),
        `multipart/form-data; charset=utf-8; boundary="${BOUNDARY}"`,
      ),
    );
  });

  it("a preamble before the first part and an epilogue after the last", async () => {
    await expectStored(
      postRaw(Buffer.concat([Buffer.from("preamble\r\n"), ...requiredParts(), closing(), Buffer.from("epilogue")])),
    );
  });

  it("a form that arrives a few bytes at a time, its closing delimiter split across pieces", async () => {
    const body = Buffer.concat([...requiredParts(), closing()]);
    const pieces = Array.from({ length: Math.ceil(body.length / 7) }, (_, i) => body.subarray(i * 7, i * 7 + 7));
    await expectStored(postRaw(Readable.from(pieces)));
  });

  it("an empty file input and a repeated field", async () => {
    await expectStored(
      postRaw(
        Buffer.concat([
          ...requiredParts(),
          fieldPart("title", "Second title"),
          filePart("images", "", Buffer.alloc(0)),
          closing(),
        ]),
      ),
    );
  });
});
