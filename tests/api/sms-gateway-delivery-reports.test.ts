import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ApiError } from "#shared/api-types.ts";
import { apiPaths } from "#shared/api-paths.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { GATEWAY_TOKEN, gatewaySms, outRow, queueSms } from "./sms-gateway-support.ts";

// Kannel's delivery reports (GET /api/sms/kannel/delivery, docs/decisions/035-sms-through-a-gateway.md): the dlr-url
// of every outgoing SMS. On PostgreSQL too with TEST_DATABASE_URL.

const PHONE = "+254712345678";
const METRICS_TOKEN = "metrics-token-0123456789";
let t: TestApp;
let id: string;

const report = (query: string) => t.app.inject({ method: "GET", url: `${apiPaths.smsKannelDelivery}?${query}` });
const withToken = (query: string) => report(`token=${GATEWAY_TOKEN}&${query}`);

beforeAll(async () => {
  t = await createTestApp({
    config: { sms: gatewaySms(), publicUrl: "https://portal.example.org", metricsToken: METRICS_TOKEN },
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query("TRUNCATE sms_messages, sms_numbers");
  id = await queueSms(t.db, PHONE, "Your report WS-ABC123 is now In Progress.");
});

describe("the token", () => {
  it.each([
    ["no token", `id=ID&status=1`, 401],
    ["an empty token", `token=&id=ID&status=1`, 401],
    ["a wrong token", `token=${GATEWAY_TOKEN.slice(0, -1)}x&id=ID&status=1`, 403],
    ["a prefix of the token", `token=${GATEWAY_TOKEN.slice(0, 10)}&id=ID&status=1`, 403],
  ])("refuses %s (%s) and stores nothing", async (_case, query, status) => {
    const res = await report(query.replace("ID", id));
    expect(res.statusCode).toBe(status);
    expect(res.json<ApiError>().message).toMatch(/token/);
    expect((await outRow(t.db, id)).delivery).toBeNull();
  });

  it("is checked before anything else: a wrong token with a bad status is 403, not 400", async () => {
    expect((await report(`token=wrong-token-0123456789&id=${id}&status=99`)).statusCode).toBe(403);
    expect((await report(`token=wrong-token-0123456789&id=nope`)).statusCode).toBe(403);
  });
});

describe("a report", () => {
  it.each([
    ["1", "delivered"],
    ["2", "failed"],
    ["16", "failed"],
    ["4", "buffered"],
  ])("status %s records %s and when", async (status, delivery) => {
    const res = await withToken(`id=${id}&status=${status}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("");
    const row = await outRow(t.db, id);
    expect(row.delivery).toBe(delivery);
    expect(row.delivery_at).toBeInstanceOf(Date);
  });

  it("status 8 (taken by the SMS centre) records nothing", async () => {
    expect((await withToken(`id=${id}&status=8`)).statusCode).toBe(200);
    expect((await outRow(t.db, id)).delivery).toBeNull();
  });

  it("is idempotent: the same report twice keeps the first time", async () => {
    expect((await withToken(`id=${id}&status=1`)).statusCode).toBe(200);
    const first = await outRow(t.db, id);
    expect((await withToken(`id=${id}&status=1`)).statusCode).toBe(200);
    expect((await outRow(t.db, id)).delivery_at).toEqual(first.delivery_at);
  });

  it("a late 'buffered' never replaces 'delivered'; 'buffered' then 'delivered' ends delivered", async () => {
    await withToken(`id=${id}&status=1`);
    await withToken(`id=${id}&status=4`);
    expect((await outRow(t.db, id)).delivery).toBe("delivered");
    const other = await queueSms(t.db, PHONE, "Another");
    await withToken(`id=${other}&status=4`);
    expect((await outRow(t.db, other)).delivery).toBe("buffered");
    await withToken(`id=${other}&status=1`);
    expect((await outRow(t.db, other)).delivery).toBe("delivered");
  });

  it("an unknown id, an id that is no uuid, or an inbound message's id is 404", async () => {
    await t.db.query(
      "INSERT INTO sms_messages (id, direction, phone, body, gateway_id) VALUES ($1, 'in', $2, 'hi', 'k-1')",
      ["00000000-0000-4000-8000-000000000001", PHONE],
    );
    for (const other of [
      "00000000-0000-4000-8000-00000000beef",
      "not-a-uuid",
      "",
      "00000000-0000-4000-8000-000000000001",
    ]) {
      const res = await withToken(`id=${other}&status=1`);
      expect(res.statusCode, other).toBe(404);
    }
    expect((await withToken("status=1")).statusCode).toBe(404);
  });

  it("a status that is not Kannel's is 400, and stores nothing", async () => {
    for (const status of ["3", "abc", ""]) {
      expect((await withToken(`id=${id}&status=${status}`)).statusCode, status).toBe(400);
    }
    expect((await withToken(`id=${id}`)).statusCode).toBe(400);
    expect((await outRow(t.db, id)).delivery).toBeNull();
  });

  it("is counted in sms_delivery_reports_total, once per change", async () => {
    const failedReports = async () => {
      const res = await t.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      return Number(/^sms_delivery_reports_total\{delivery="failed"\} (\d+)$/m.exec(res.body)?.[1] ?? 0);
    };
    const before = await failedReports();
    await withToken(`id=${id}&status=2`);
    await withToken(`id=${id}&status=2`);
    expect(await failedReports()).toBe(before + 1);
  });
});

describe("without SMS_GATEWAY", () => {
  it("there is no such route", async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({ url: `${apiPaths.smsKannelDelivery}?token=${GATEWAY_TOKEN}&id=x&status=1` });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
