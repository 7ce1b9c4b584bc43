import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { GrievanceListResponse, PublicGrievance } from "#shared/api-types.ts";
import { REFERENCE_PATTERN } from "#shared/grievances/reference.ts";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { migrate } from "#server/db/migrate.ts";
import type { GrievanceRepository } from "#server/grievances/grievance-repository.ts";
import { addStaff, staffClient } from "./staff/staff-helpers.ts";
import { openTestDatabase, validFields } from "./test-app.ts";
import { t, submit, useTrackingPortal } from "./report-tracking-support.ts";

// The report's reference: drawn, unique, searched for, and given to existing reports by migration 010
// (report-tracking-support.ts).

// When set, the next insert is first tried with this reference, as if the random draw had hit a taken one.
let forcedReference: string | undefined;
useTrackingPortal({
  repository: (real) =>
    Object.assign(Object.create(real) as GrievanceRepository, {
      insert: async (...args: Parameters<GrievanceRepository["insert"]>) => {
        const [tx, grievance, images, status, tracking] = args;
        const reference = forcedReference ?? tracking.reference;
        forcedReference = undefined;
        return real.insert(tx, grievance, images, status, { ...tracking, reference });
      },
    }),
});

describe("the reference", () => {
  it("is WS- and six characters without 0, O, 1 or I, on the 201 answer, the list, the details and in the row", async () => {
    const submitted = await submit();
    expect(submitted.reference).toMatch(/^WS-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/);
    const list = (await t.app.inject({ url: "/api/grievances" })).json<GrievanceListResponse>();
    expect(list.items.map((item) => item.reference)).toEqual([submitted.reference]);
    const details = (await t.app.inject({ url: `/api/grievances/${submitted.id}` })).json<PublicGrievance>();
    expect(details.reference).toBe(submitted.reference);
    const { rows } = await t.db.query<{ reference: string }>("SELECT reference FROM grievances WHERE id = $1", [
      submitted.id,
    ]);
    expect(rows).toEqual([{ reference: submitted.reference }]);
  });

  it("is different for every report", async () => {
    const references = new Set<string>();
    for (let i = 0; i < 20; i++) references.add((await submit({ ...validFields, title: `Report ${i}` })).reference);
    expect(references.size).toBe(20);
  });

  it("is drawn again when the drawn one is taken, and the report is stored once", async () => {
    const first = await submit();
    forcedReference = first.reference;
    const second = await submit({ ...validFields, title: "Another leak" });
    expect(second.reference).toMatch(REFERENCE_PATTERN);
    expect(second.reference).not.toBe(first.reference);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM grievances");
    expect(rows[0]?.n).toBe(2);
  });

  it("is refused by the database when it is not in the format", async () => {
    await expect(
      t.db.query(
        "INSERT INTO grievances (title, description, category, reference) VALUES ('T', 'D', 'Other', 'WS-0O1I23')",
      ),
    ).rejects.toThrow();
  });

  it("is given to reports inserted without one, unique even for many at once", async () => {
    await t.db.query(
      `INSERT INTO grievances (title, description, category) SELECT 'Bulk ' || g, 'D', 'Other' FROM generate_series(1, 5000) g`,
    );
    const { rows } = await t.db.query<{ n: number; distinct: number; bad: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT reference)::int AS distinct,
              count(*) FILTER (WHERE reference !~ '^WS-[2-9A-HJ-NP-Z]{6}$')::int AS bad FROM grievances`,
    );
    expect(rows[0]).toEqual({ n: 5000, distinct: 5000, bad: 0 });
  });

  it("is shown to staff too", async () => {
    const submitted = await submit();
    await addStaff(t.db);
    const as = await staffClient(t.app);
    const staffView = await as({ url: `/api/staff/grievances/${submitted.id}` });
    expect(staffView.json<StaffGrievanceDetail>().reference).toBe(submitted.reference);
  });
});

describe("searching for a reference", () => {
  const search = async (q: string) => {
    const res = await t.app.inject({ url: `/api/grievances?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GrievanceListResponse>().items.map((item) => item.reference);
  };

  it("finds the report by its reference typed in any case, by its code alone, and by the code's beginning", async () => {
    const mine = await submit();
    await submit({ ...validFields, title: "Someone else's leak" });
    const code = mine.reference.slice(3);
    expect(await search(mine.reference)).toEqual([mine.reference]);
    expect(await search(mine.reference.toLowerCase())).toEqual([mine.reference]);
    expect(await search(code)).toEqual([mine.reference]);
    expect(await search(` ${code.slice(0, 4)} `.trim())).toContain(mine.reference);
  });

  // The 'simple' parser splits references differently by their characters (migrations/010): each kind is found.
  it.each([
    ["digits only", "WS-234567"],
    ["letters only", "WS-ABCDEF"],
    ["a number with an exponent", "WS-2345E7"],
    ["a leading digit", "WS-4F7K2Q"],
  ])("finds a reference of %s, whole and by its code", async (_kind, reference) => {
    const mine = await submit();
    await submit({ ...validFields, title: "Someone else's leak" });
    await t.db.query("UPDATE grievances SET reference = $2 WHERE id = $1", [mine.id, reference]);
    expect(await search(reference)).toEqual([reference]);
    expect(await search(reference.slice(3))).toEqual([reference]);
  });
});

describe("migration 010 on a database that already holds reports", () => {
  it("gives every existing report a distinct reference, findable by search, and no token", async () => {
    const before = await fs.mkdtemp(path.join(os.tmpdir(), "migrations-before-010-"));
    const all = path.resolve(import.meta.dirname, "../../migrations");
    for (const name of await fs.readdir(all)) {
      if (name < "010_") await fs.copyFile(path.join(all, name), path.join(before, name));
    }
    const { db, drop } = await openTestDatabase(before);
    try {
      await db.query(
        `INSERT INTO grievances (title, description, category) SELECT 'Old report ' || g, 'D', 'Other' FROM generate_series(1, 300) g`,
      );
      await db.query("INSERT INTO submission_idempotency_keys (key, request_hash) VALUES ('a-key-from-before', 'h')");
      expect((await migrate(db))[0]).toBe("010_report_reference_and_tracking.sql");

      const { rows } = await db.query<{ n: number; distinct: number; bad: number; tokens: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT reference)::int AS distinct,
                count(*) FILTER (WHERE reference !~ '^WS-[2-9A-HJ-NP-Z]{6}$')::int AS bad,
                count(tracking_token_hash)::int AS tokens
         FROM grievances`,
      );
      expect(rows[0]).toEqual({ n: 300, distinct: 300, bad: 0, tokens: 0 });
      const one = await db.query<{ reference: string; found: boolean }>(
        `SELECT reference, search_vector @@ websearch_to_tsquery('simple', reference) AS found
         FROM grievances ORDER BY title LIMIT 1`,
      );
      expect(one.rows[0]?.found).toBe(true);
      // The key is kept as its hash from now on.
      const keys = await db.query<{ key_hash: string; tracking_salt: unknown }>(
        "SELECT key_hash, tracking_salt FROM submission_idempotency_keys",
      );
      expect(keys.rows).toEqual([
        { key_hash: createHash("sha256").update("a-key-from-before").digest("hex"), tracking_salt: null },
      ]);
    } finally {
      await drop();
      await fs.rm(before, { recursive: true, force: true });
    }
  });
});
