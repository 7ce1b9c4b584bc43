import { Readable } from "node:stream";
import { describe, it } from "vitest";
import { MAX_IMAGE_BYTES } from "#shared/domain.ts";
import { MESSAGES } from "#shared/messages.ts";
import { makePng } from "../fixtures/images.ts";
import { validFields } from "./test-app.ts";
import {
  BOUNDARY,
  FORM_TYPE,
  required,
  fieldPart,
  filePart,
  closing,
  requiredParts,
  postRaw,
  postForm,
  type Case,
  expectRefused,
  MALFORMED,
  BAD_ADDRESS,
  useHostileInputPortal,
} from "./hostile-input-support.ts";

// Hostile input (hostile-input-support.ts): malformed multipart bodies, limits, and text that cannot be stored.

useHostileInputPortal();

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
