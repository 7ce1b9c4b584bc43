import { beforeAll, describe, expect, it } from "vitest";
import { leadingCode } from "#server/water-points/sms-water-point.ts";
import { KIOSK, RETIRED, seedWaterPoint, storedReport } from "./report-water-points-support.ts";
import { sendSms, t, useInboundPortal } from "./sms-inbound-support.ts";

// An SMS report that starts with a water point's code is attached to that point
// (docs/decisions/040-reporting-against-water-points.md), through the inbound route Kannel calls.

useInboundPortal();
beforeAll(async () => {
  for (const point of [KIOSK, RETIRED]) await seedWaterPoint(t.db, point);
});

async function reportOf(text: string) {
  const res = await sendSms(text);
  expect(res.statusCode, res.body).toBe(200);
  const { rows } = await t.db.query<{ reference: string; description: string; channel: string }>(
    "SELECT reference, description, channel FROM grievances ORDER BY created_at DESC LIMIT 1",
  );
  expect(rows[0]).toMatchObject({ description: text, channel: "sms" });
  return storedReport(t.db, rows[0]!.reference);
}

describe("an SMS report starting with a water point's code", () => {
  it("is attached to the point, in any case, and placed at it", async () => {
    expect(await reportOf("wp-0412: no water since Monday")).toEqual({
      code: "WP-0412",
      latitude: KIOSK.latitude,
      longitude: KIOSK.longitude,
      location: "Market kiosk (WP-0412)",
    });
  });

  it("is still a report, about no point, when no point in service has the code", async () => {
    for (const text of ["WP-9999 no water since Monday", `${RETIRED.code} the standpipe is broken`]) {
      expect(await reportOf(text)).toMatchObject({ code: null, latitude: null });
    }
    // A code further into the message is not the sign's way of naming the point.
    expect((await reportOf("No water at WP-0412 since Monday"))?.code).toBeNull();
  });
});

describe("the first word as a code", () => {
  it("is one with a digit, its trailing punctuation left out", () => {
    expect(leadingCode("  WP-0412, tap broken")).toBe("WP-0412");
    expect(leadingCode("wpdx-00123456 dry")).toBe("wpdx-00123456");
    expect(leadingCode("Pipe burst near the market")).toBeUndefined();
    expect(leadingCode("")).toBeUndefined();
    expect(leadingCode("WP/0412 dry")).toBeUndefined();
  });
});
