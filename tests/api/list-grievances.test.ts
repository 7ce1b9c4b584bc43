import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError, GrievanceListResponse, PublicGrievance } from "#shared/api-types.ts";
import { MESSAGES } from "#shared/messages.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;

interface Seed {
  title: string;
  description?: string;
  location?: string | null;
  category?: string;
  priority?: string;
  status?: string;
  user_email?: string | null;
  user_phone?: string | null;
  minutesAgo: number;
}

const seeds: Seed[] = [
  { title: "Brown water in Elm Street", category: "Water Quality Issues", priority: "high", minutesAgo: 1 },
  {
    title: "Burst main",
    description: "The MAIN pipe burst near the school",
    category: "Infrastructure Problems",
    priority: "urgent",
    status: "in-progress",
    minutesAgo: 2,
  },
  {
    title: "Blocked drain",
    location: "Harbour Road",
    category: "Drainage Problems",
    priority: "low",
    status: "resolved",
    minutesAgo: 3,
  },
  { title: "Leak 100% constant", description: "water_meter spinning", category: "Leakage Issues", minutesAgo: 4 },
  { title: "Leak 100 percent", description: "watermeter spinning", category: "Leakage Issues", minutesAgo: 5 },
  {
    title: "Back\\slash street",
    category: "Other",
    minutesAgo: 6,
    user_email: "secret.person@example.org",
    user_phone: "0700 111 222",
  },
];

beforeAll(async () => {
  t = await createTestApp();
  for (const s of seeds) {
    await t.db.query(
      `INSERT INTO grievances (title, description, location, category, priority, status, user_email, user_phone, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() - make_interval(mins => $9))`,
      [
        s.title,
        s.description ?? "Details follow.",
        s.location ?? null,
        s.category ?? "Other",
        s.priority ?? "medium",
        s.status ?? "pending",
        s.user_email ?? null,
        s.user_phone ?? null,
        s.minutesAgo,
      ],
    );
  }
});
afterAll(() => t.close());

async function list(query = "") {
  const res = await t.app.inject({ method: "GET", url: `/api/grievances${query}` });
  return { res, body: res.json<GrievanceListResponse>() };
}
const titles = (body: GrievanceListResponse) => body.items.map((i) => i.title);

describe("GET /api/grievances", () => {
  it("lists newest first with matching and total counts", async () => {
    const { res, body } = await list();
    expect(res.statusCode).toBe(200);
    expect(titles(body)).toEqual(seeds.map((s) => s.title));
    expect(body).toMatchObject({ matching: 6, matchingCapped: false, total: 6, page: 1, pageSize: 12 });
    expect(body).toMatchObject({ nextCursor: null, prevCursor: null });
  });

  it.each([
    ["category", "?category=Leakage%20Issues", ["Leak 100% constant", "Leak 100 percent"]],
    ["status", "?status=in-progress", ["Burst main"]],
    ["priority", "?priority=low", ["Blocked drain"]],
    [
      "combined filters",
      "?category=Leakage%20Issues&priority=medium&status=pending",
      ["Leak 100% constant", "Leak 100 percent"],
    ],
  ])("filters by %s", async (_name, query, expected) => {
    const { body } = await list(query);
    expect(titles(body)).toEqual(expected);
    expect(body.matching).toBe(expected.length);
    expect(body.total).toBe(6);
  });

  it.each([
    ["title", "ELM STREET", ["Brown water in Elm Street"]],
    ["description", "main pipe", ["Burst main"]],
    ["location", "harbour", ["Blocked drain"]],
  ])("searches the %s case-insensitively", async (_field, q, expected) => {
    const { body } = await list(`?q=${encodeURIComponent(q)}`);
    expect(titles(body)).toEqual(expected);
  });

  // Word search (docs/decisions/011-full-text-search.md): % _ and \\ are no wildcards, they separate words.
  it("searches words, with % _ and \\ between them", async () => {
    expect(titles((await list(`?q=${encodeURIComponent("100%")}`)).body)).toEqual([
      "Leak 100% constant",
      "Leak 100 percent",
    ]);
    expect(titles((await list(`?q=${encodeURIComponent("water_meter")}`)).body)).toEqual(["Leak 100% constant"]);
    expect(titles((await list(`?q=${encodeURIComponent("back\\slash")}`)).body)).toEqual(["Back\\slash street"]);
    expect((await list(`?q=${encodeURIComponent("%")}`)).body.matching).toBe(0);
  });

  it("finds the beginning of the last word, never the middle of a word", async () => {
    expect(titles((await list("?q=const")).body)).toEqual(["Leak 100% constant"]);
    expect(titles((await list("?q=onstant")).body)).toEqual([]);
    expect(titles((await list(`?q=${encodeURIComponent("k\\s")}`)).body)).toEqual([]);
  });

  it("combines search with filters and reports no match", async () => {
    const { body } = await list(`?q=leak&status=resolved`);
    expect(body).toMatchObject({ items: [], matching: 0, total: 6 });
  });

  it("pages through the results", async () => {
    const first = (await list("?pageSize=4")).body;
    const second = (await list("?pageSize=4&page=2")).body;
    const beyond = (await list("?pageSize=4&page=3")).body;
    expect(titles(first)).toEqual(seeds.slice(0, 4).map((s) => s.title));
    expect(titles(second)).toEqual(seeds.slice(4).map((s) => s.title));
    expect(second).toMatchObject({ page: 2, pageSize: 4, matching: 6, total: 6 });
    expect(beyond).toMatchObject({ items: [], matching: 6, total: 6, nextCursor: null, prevCursor: null });
    // The cursors lead to the same pages.
    expect(first.prevCursor).toBeNull();
    const next = (await list(`?pageSize=4&page=2&cursor=${first.nextCursor}`)).body;
    expect(titles(next)).toEqual(titles(second));
    expect(next.nextCursor).toBeNull();
    expect(titles((await list(`?pageSize=4&cursor=${second.prevCursor}`)).body)).toEqual(titles(first));
  });

  it.each([
    "?status=closed",
    "?priority=critical",
    "?page=0",
    "?page=abc",
    "?pageSize=101",
    `?q=${"x".repeat(201)}`,
    "?cursor=page-2",
    "?cursor=%3D%3D",
  ])("answers 400 with a message for %s", async (query) => {
    const { res } = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().message).toMatch(/^Invalid list query: please check \w+\.$/);
  });

  it("finds nothing, rather than refusing, for a category that does not exist (categories are data, decision 017)", async () => {
    const { res, body } = await list("?category=Noise");
    expect(res.statusCode).toBe(200);
    expect(body.items).toEqual([]);
    expect(body.matching).toBe(0);
  });

  it("masks contact details and never sends them in full", async () => {
    const { res, body } = await list("?category=Other");
    expect(body.items[0]).toMatchObject({
      user_email: "s\u2022\u2022\u2022@example.org",
      user_phone: "\u2022".repeat(7) + "22",
    });
    expect(res.body).not.toContain("secret.person");
    // The full number in any spelling ("111" alone would also match a timestamp's milliseconds).
    expect(res.body).not.toContain("0700 111");
    expect(res.body).not.toContain("0700111");
  });
});

describe("GET /api/grievances/:id", () => {
  it("answers one grievance, contact masked", async () => {
    const { rows } = await t.db.query<{ id: string }>("SELECT id FROM grievances WHERE category = 'Other'");
    const res = await t.app.inject({ url: `/api/grievances/${rows[0]!.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json<PublicGrievance>();
    expect(body).toMatchObject({
      id: rows[0]!.id,
      title: "Back\\slash street",
      user_email: "s\u2022\u2022\u2022@example.org",
      images: [],
    });
    expect(res.body).not.toContain("secret.person");
  });

  it.each(["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1%27%20OR%201=1"])(
    "answers 404 for %s",
    async (id) => {
      const res = await t.app.inject({ url: `/api/grievances/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MESSAGES.grievanceNotFound, requestId: expect.any(String) });
    },
  );
});
