import { describe, expect, it } from "vitest";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { postGrievance, validFields } from "./test-app.ts";
import { outgoing, setStatus, t, useSmsPortal } from "./sms-updates-support.ts";

// Without SMS_GATEWAY the form does not offer "Send me updates by SMS"; a tick sent anyway is not kept, so nothing is
// queued for a gateway that does not exist (docs/decisions/038-sms-updates.md).

useSmsPortal(null);

describe("SMS off", () => {
  it("a ticked consent is stored as no, the number as typed, and no SMS is queued then or later", async () => {
    const res = await postGrievance(t.app, { ...validFields, user_phone: "0712 345 678", sms_updates: "true" });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<SubmittedGrievance>();
    const { rows } = await t.db.query<{ user_phone: string; sms_updates: boolean }>(
      "SELECT user_phone, sms_updates FROM grievances WHERE id = $1",
      [id],
    );
    expect(rows[0]).toEqual({ user_phone: "0712 345 678", sms_updates: false });
    await setStatus(id, "resolved", "Valve replaced.");
    expect(await outgoing()).toEqual([]);
  });
});
