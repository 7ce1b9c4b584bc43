import { describe, expect, it } from "vitest";
import type { ReporterUpdateView } from "#shared/tracking/reporter-actions.ts";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import type { TrackedGrievance } from "#shared/tracking/tracking.ts";
import { sweepOrphans } from "#server/maintenance/orphan-sweep.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { SAME_ORIGIN } from "./staff/staff-helpers.ts";
import {
  t,
  submit,
  postUpdate,
  track,
  progressOf,
  staff,
  jpeg,
  statusOf,
  useReporterPortal,
} from "./reporter-actions-support.ts";

// Staff moderation of the reporter's updates (reporter-actions-support.ts).

useReporterPortal();

describe("staff moderation of updates", () => {
  it("hides an update with a reason: gone from every public answer, its images withheld, staff still see all", async () => {
    const report = await submit();
    const kept = (await postUpdate(report.token, { text: "Kept update" })).json<ReporterUpdateView>();
    const added = await postUpdate(report.token, { text: "My neighbour's face" }, [await jpeg("face.jpg")]);
    const update = added.json<ReporterUpdateView>();
    const urls = [update.images[0]!.url, update.images[0]!.thumbnailUrl, update.images[0]!.mediumUrl!];
    expect(await Promise.all(urls.map(statusOf))).toEqual([200, 200, 200]);

    const { as } = await staff();
    const hideUrl = `/api/staff/grievances/${report.id}/updates/${update.id}/hide`;
    const missingReason = await as({ method: "POST", url: hideUrl, payload: { reason: " " } });
    expect(missingReason.statusCode).toBe(400);
    expect(missingReason.json()).toMatchObject({ message: STAFF_MESSAGES.updateReasonRequired });

    const hidden = await as({ method: "POST", url: hideUrl, payload: { reason: "Shows a person's face" } });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const view = hidden.json<StaffGrievanceDetail>();
    expect(view.reporterUpdates.map((u) => [u.text, u.hidden, u.hidden_reason, u.hidden_by_email])).toEqual([
      ["Kept update", false, null, null],
      ["My neighbour's face", true, "Shows a person's face", "officer@water.example"],
    ]);
    const { rows } = await t.db.query<{ hidden_by: string | null }>(
      "SELECT hidden_by FROM reporter_updates WHERE id = $1",
      [update.id],
    );
    expect(rows[0]!.hidden_by).toMatch(/^[0-9a-f-]{36}$/);

    // Gone from the public timeline and the tracking page; its images answer 404 publicly, 200 to staff.
    const progress = await progressOf(report.id);
    expect(progress.timeline.filter((entry) => entry.type === "reporter-update").map((entry) => entry.id)).toEqual([
      kept.id,
    ]);
    const tracked = (await track(report.token)).json<TrackedGrievance>();
    expect(tracked.updates.map((u) => u.id)).toEqual([kept.id]);
    expect(JSON.stringify(tracked)).not.toContain("neighbour");
    expect(await Promise.all(urls.map(statusOf))).toEqual([404, 404, 404]);
    const staffImage = view.reporterUpdates[1]!.images[0]!.url;
    expect((await as({ url: staffImage })).statusCode).toBe(200);

    // Once: hiding it again, an unknown update, or one of another report is refused.
    const again = await as({ method: "POST", url: hideUrl, payload: { reason: "Again" } });
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { message: STAFF_MESSAGES.updateAlreadyHidden, requestId: expect.any(String) },
    ]);
    const otherReport = await submit();
    for (const url of [
      `/api/staff/grievances/${report.id}/updates/00000000-0000-4000-8000-000000000000/hide`,
      `/api/staff/grievances/${report.id}/updates/not-a-uuid/hide`,
      `/api/staff/grievances/${otherReport.id}/updates/${kept.id}/hide`,
    ]) {
      const res = await as({ method: "POST", url, payload: { reason: "Spam" } });
      expect([res.statusCode, res.json()]).toEqual([
        404,
        { message: STAFF_MESSAGES.updateNotFound, requestId: expect.any(String) },
      ]);
    }
    // Without a session nothing happens.
    const anonymous = await t.app.inject({
      method: "POST",
      url: hideUrl,
      headers: SAME_ORIGIN,
      payload: { reason: "x" },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("withholds the images of every update of a hidden report", async () => {
    const report = await submit();
    const update = (await postUpdate(report.token, { text: "Photo" }, [await jpeg()])).json<ReporterUpdateView>();
    const { as } = await staff();
    await as({ method: "POST", url: `/api/staff/grievances/${report.id}/hide`, payload: { reason: "Personal data" } });
    expect(await statusOf(update.images[0]!.url)).toBe(404);
    await as({ method: "POST", url: `/api/staff/grievances/${report.id}/unhide` });
    expect(await statusOf(update.images[0]!.url)).toBe(200);
  });

  it("keeps update photos through the orphan sweep", async () => {
    const report = await submit();
    const update = (await postUpdate(report.token, { text: "Photo" }, [await jpeg()])).json<ReporterUpdateView>();
    await sweepOrphans(t.db, new LocalImageStore(t.storageDir), 0);
    const image = update.images[0]!;
    expect(await Promise.all([image.url, image.thumbnailUrl, image.mediumUrl!].map(statusOf))).toEqual([200, 200, 200]);
  });
});
