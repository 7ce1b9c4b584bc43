import { Readable } from "node:stream";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import type { GrievanceListResponse, PublicGrievance } from "#shared/api-types.ts";
import { MESSAGES } from "#shared/messages.ts";
import { makePng } from "../fixtures/images.ts";
import { countRows, expectHumanError } from "./test-app.ts";
import {
  t,
  BOUNDARY,
  required,
  fieldPart,
  filePart,
  closing,
  requiredParts,
  postRaw,
  postForm,
  type Case,
  expectRefused,
  expectUnharmed,
  NOT_ALLOWED_NAME,
  BAD_LIST_QUERY,
  useHostileInputPortal,
} from "./hostile-input-support.ts";

// Hostile input (hostile-input-support.ts): enums and numbers, methods and content types, prototype keys, path
// traversal, and the honest edge cases that stay accepted.

useHostileInputPortal();

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
