import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicGrievance } from "#shared/api-types.ts";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { makeJpeg } from "../../fixtures/images.ts";
import { createTestApp, postGrievance, validFields, type TestApp } from "../test-app.ts";
import { addStaff, staffClient } from "./staff-helpers.ts";

// A report may be hidden for the personal data its photos show: its images go with it.
describe("images of hidden reports", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await addStaff(t.db);
  });
  afterAll(() => t.close());

  it("are withheld from the public while hidden, and staff still see them", async () => {
    const created = await postGrievance(t.app, validFields, [
      { filename: "yard.jpg", bytes: await makeJpeg(), type: "image/jpeg" },
    ]);
    expect(created.statusCode).toBe(201);
    const { id, images } = created.json<PublicGrievance>();
    const publicUrls = [images[0]!.url, images[0]!.thumbnailUrl, images[0]!.mediumUrl!];
    const publicStatus = async () =>
      Promise.all(publicUrls.map(async (url) => (await t.app.inject({ method: "GET", url })).statusCode));
    expect(await publicStatus()).toEqual([200, 200, 200]);

    const as = await staffClient(t.app);
    const hidden = await as({
      method: "POST",
      url: `/api/staff/grievances/${id}/hide`,
      payload: { reason: "Shows a face" },
    });
    expect(hidden.statusCode).toBe(200);
    expect(await publicStatus()).toEqual([404, 404, 404]);

    // Staff read them through their own route, which needs a session and is never cached.
    const staffImage = hidden.json<StaffGrievanceDetail>().images[0]!;
    expect(staffImage.url).toMatch(/^\/api\/staff\/media\/grievance-images\//);
    const asStaff = await as({ method: "GET", url: staffImage.url });
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.headers["content-type"]).toBe("image/jpeg");
    expect(asStaff.headers["cache-control"]).toBe("no-store");
    expect(staffImage.mediumUrl).toMatch(/^\/api\/staff\/media\/grievance-images\/.+\.medium\.webp$/);
    const staffMedium = await as({ method: "GET", url: staffImage.mediumUrl! });
    expect([staffMedium.statusCode, staffMedium.headers["content-type"]]).toEqual([200, "image/webp"]);
    const anonymous = await t.app.inject({ method: "GET", url: staffImage.url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers["content-type"]).toMatch(/application\/json/);

    await as({ method: "POST", url: `/api/staff/grievances/${id}/unhide` });
    expect(await publicStatus()).toEqual([200, 200, 200]);
  });
});
