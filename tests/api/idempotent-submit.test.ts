import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError, PublicGrievance } from "#shared/api-types.ts";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { IDEMPOTENCY_MESSAGES } from "#server/grievances/idempotency-key-repository.ts";
import type { GrievanceRepository } from "#server/grievances/grievance-repository.ts";
import type { ImageStore } from "#server/storage/image-store.ts";
import { makePng } from "../fixtures/images.ts";
import { countRows, createTestApp, multipart, storedFiles, type FileField, type TestApp } from "./test-app.ts";

const fields = {
  title: "No water since Tuesday",
  description: "The whole street is dry.",
  category: "Water Supply Problems",
};

let t: TestApp;
// Lets a test hold one attempt while it stores its images (as slow storage would), to see a second one arrive.
let storageHold: { until: Promise<void>; entered: () => void } | undefined;
let failNextInsert = false;
beforeAll(async () => {
  t = await createTestApp({
    imageStore: (real) =>
      Object.assign(Object.create(real) as ImageStore, {
        put: async (...args: Parameters<ImageStore["put"]>) => {
          // The first attempt to store takes the hold (a second one, and the first's other files, go through).
          const hold = storageHold;
          storageHold = undefined;
          if (hold) {
            hold.entered();
            await hold.until;
          }
          return real.put(...args);
        },
      }),
    repository: (real) =>
      Object.assign(Object.create(real) as GrievanceRepository, {
        insert: async (...args: Parameters<GrievanceRepository["insert"]>) => {
          if (failNextInsert) {
            failNextInsert = false;
            throw new Error("simulated insert failure");
          }
          return real.insert(...args);
        },
      }),
  });
});
afterAll(() => t.close());

async function submit(key: string | undefined, body = fields, files: FileField[] = []) {
  const form = await multipart(body, files);
  return t.app.inject({
    method: "POST",
    url: "/api/grievances",
    payload: form.payload,
    headers: { ...form.headers, ...(key === undefined ? {} : { "idempotency-key": key }) },
  });
}

/** Holds the next attempt in the image store: `entered` resolves once it is held (its key claimed), until `release`. */
function holdNextStorage(): { entered: Promise<void>; release: () => void } {
  let release!: () => void;
  let entered!: () => void;
  const until = new Promise<void>((resolve) => (release = resolve));
  const isHeld = new Promise<void>((resolve) => (entered = resolve));
  storageHold = { until, entered };
  return { entered: isHeld, release };
}

describe("POST /api/grievances with an Idempotency-Key", () => {
  it("answers a retry with the report the first attempt created, and stores nothing twice", async () => {
    const image = [{ filename: "dry-tap.png", bytes: await makePng() }];
    const rowsBefore = await countRows(t.db);
    const first = await submit("retry-after-network-error-1", fields, image);
    expect(first.statusCode).toBe(201);
    const filesAfterFirst = (await storedFiles(t.storageDir)).length;

    const retry = await submit("retry-after-network-error-1", fields, image);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    // The same answer, reference and private link included, although the link's token is stored nowhere.
    expect(retry.json<SubmittedGrievance>()).toEqual(first.json<SubmittedGrievance>());
    expect(retry.json<SubmittedGrievance>().trackingUrl).toMatch(/\/track\/[\w-]{32}$/);
    expect(await countRows(t.db)).toBe(rowsBefore + 1);
    expect((await storedFiles(t.storageDir)).length).toBe(filesAfterFirst);
  });

  it("refuses the same key with a different report (422), storing nothing", async () => {
    expect((await submit("reused-key-1")).statusCode).toBe(201);
    const rowsBefore = await countRows(t.db);
    const other = await submit("reused-key-1", { ...fields, title: "Another problem" });
    expect(other.statusCode).toBe(422);
    expect(other.json<ApiError>()).toEqual({ message: IDEMPOTENCY_MESSAGES.reusedKey, requestId: expect.any(String) });
    expect(await countRows(t.db)).toBe(rowsBefore);
  });

  it("answers 409 while an attempt with the same key is still in flight, then the retry gets the report", async () => {
    const held = holdNextStorage();
    const image = [{ filename: "slow.png", bytes: await makePng() }];
    const rowsBefore = await countRows(t.db);
    const slow = submit("in-flight-key-1", fields, image);
    await held.entered;
    const meanwhile = await submit("in-flight-key-1", fields, image);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json<ApiError>()).toEqual({
      message: IDEMPOTENCY_MESSAGES.inFlight,
      requestId: expect.any(String),
    });
    held.release();
    const done = await slow;
    expect(done.statusCode).toBe(201);
    const retry = await submit("in-flight-key-1", fields, image);
    expect(retry.statusCode).toBe(201);
    expect(retry.json<PublicGrievance>().id).toBe(done.json<PublicGrievance>().id);
    expect(await countRows(t.db)).toBe(rowsBefore + 1);
  });

  it("frees the key when the attempt fails, so the retry can succeed", async () => {
    failNextInsert = true;
    const rowsBefore = await countRows(t.db);
    const failed = await submit("failed-first-1");
    expect(failed.statusCode).toBe(500);
    const retry = await submit("failed-first-1");
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBeUndefined();
    expect(await countRows(t.db)).toBe(rowsBefore + 1);
  });

  it("does not use up a key on a report that fails validation", async () => {
    const invalid = await submit("validation-first-1", { ...fields, title: "" });
    expect(invalid.statusCode).toBe(400);
    expect((await submit("validation-first-1")).statusCode).toBe(201);
  });

  it("stores the report once when a retry takes over a slow attempt's claim after its lease, and both get it", async () => {
    const held = holdNextStorage();
    const image = [{ filename: "slow.png", bytes: await makePng() }];
    const rowsBefore = await countRows(t.db);
    const slow = submit("overtaken-1", fields, image);
    await held.entered;
    // The first attempt is still storing its images when its lease runs out (as if its instance had died).
    await t.db.query(
      `UPDATE submission_idempotency_keys SET claimed_at = now() - interval '10 minutes' WHERE key_hash = encode(sha256('overtaken-1'::bytea), 'hex')`,
    );
    const retry = await submit("overtaken-1", fields, image);
    expect(retry.statusCode).toBe(201);
    held.release();
    const first = await slow;
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBe("true");
    expect(first.json<SubmittedGrievance>()).toEqual(retry.json<SubmittedGrievance>());
    expect(await countRows(t.db)).toBe(rowsBefore + 1);
  });

  it("takes over a claim abandoned by a process that died", async () => {
    await t.db.query(
      `INSERT INTO submission_idempotency_keys (key_hash, request_hash, claimed_at)
       VALUES (encode(sha256('abandoned-1'::bytea), 'hex'), 'whatever', now() - interval '10 minutes')`,
    );
    expect((await submit("abandoned-1")).statusCode).toBe(201);
  });

  it("gives a retry the same working private link while keeping neither the key nor the token", async () => {
    const key = "tracking-retry-1";
    const first = await submit(key);
    const retry = await submit(key);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    const { trackingUrl, reference } = retry.json<SubmittedGrievance>();
    expect(trackingUrl).toBe(first.json<SubmittedGrievance>().trackingUrl);
    const token = new URL(trackingUrl).pathname.split("/").at(-1)!;
    const tracked = await t.app.inject({ url: `/api/track/${token}` });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json<{ grievance: PublicGrievance }>().grievance.reference).toBe(reference);

    const stored = await t.db.query<{ row: string }>(
      `SELECT row_to_json(k)::text AS row FROM submission_idempotency_keys k
       UNION ALL SELECT row_to_json(g)::text FROM grievances g`,
    );
    const everything = stored.rows.map((r) => r.row).join("\n");
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(token);
  });

  it("tells a retry of a key bound before tracking links existed that its report was already submitted", async () => {
    const key = "bound-before-010";
    expect((await submit(key)).statusCode).toBe(201);
    // What migration 010 leaves of such a key: its hash and report, no salt to derive a link from.
    await t.db.query(
      "UPDATE submission_idempotency_keys SET tracking_salt = NULL WHERE key_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')",
      [key],
    );
    const rowsBefore = await countRows(t.db);
    const retry = await submit(key);
    expect(retry.statusCode).toBe(409);
    expect(retry.json<ApiError>()).toEqual({
      message: IDEMPOTENCY_MESSAGES.alreadySubmitted,
      requestId: expect.any(String),
    });
    expect(await countRows(t.db)).toBe(rowsBefore);
  });

  it("refuses a malformed key with 400 and works without one", async () => {
    const tooLong = await submit("k".repeat(256));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<ApiError>()).toEqual({
      message: IDEMPOTENCY_MESSAGES.invalidKey,
      requestId: expect.any(String),
    });
    const withSpace = await submit("has space");
    expect(withSpace.statusCode).toBe(400);
    const rowsBefore = await countRows(t.db);
    expect((await submit(undefined)).statusCode).toBe(201);
    expect((await submit(undefined)).statusCode).toBe(201);
    expect(await countRows(t.db)).toBe(rowsBefore + 2);
  });
});
