import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { changeStatus } from "#server/staff/workflow.ts";
import { xml, t, apiKey, revokedKey, staffId, refs, get, useOpen311Portal } from "./open311-support.ts";

// GeoReport v2 conformance (open311-support.ts): servicerequestupdates, FixMyStreet's extension.

useOpen311Portal();

describe("FixMyStreet as the front end: servicerequestupdates (mySociety's extension)", () => {
  // W3C-DTF as FixMyStreet's DateTime::Format::W3CDTF writes DateTime->now: whole seconds, Z.
  const w3c = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
  const UPDATE_FIELDS = ["update_id", "service_request_id", "status", "updated_datetime", "description", "media_url"];

  it("takes FixMyStreet's form-encoded report, then gives back each staff status change as a request_update", async () => {
    // Open311::send_service_request: the fields of _populate_service_request_params, api_key and jurisdiction_id
    // added by _request, posted as a form to requests.xml.
    const sent = await t.app.inject({
      method: "POST",
      url: "/open311/v2/requests.xml",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams([
        ["api_key", apiKey],
        ["jurisdiction_id", "riverside.example.org"],
        ["service_code", "leakage"],
        [
          "description",
          "Water running down Mill Lane\n\nA pipe has burst under the pavement.\n\nhttps://fms.example.org/report/1234\n",
        ],
        ["first_name", "Sam"],
        ["last_name", "Njoroge"],
        ["email", "sam@example.org"],
        ["lat", "-1.29"],
        ["long", "36.82"],
        ["media_url", "https://fms.example.org/photo/1234.0.full.jpeg"],
        ["media_url", "https://fms.example.org/photo/1234.1.full.jpeg"],
        ["attribute[fixmystreet_id]", "1234"],
        ["attribute[title]", "Water running down Mill Lane"],
      ]).toString(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // What FixMyStreet reads: $obj->{request}->[0]->{service_request_id}.
    const reference = xml.parse(sent.body).service_requests.request[0].service_request_id as string;
    expect(reference).toMatch(/^WS-/);
    const { rows } = await t.db.query<{ id: string; title: string; description: string }>(
      "SELECT id, title, description FROM grievances WHERE reference = $1",
      [reference],
    );
    expect(rows[0]!.title).toBe("Water running down Mill Lane");
    expect(rows[0]!.description).toMatch(
      /1234\.0\.full\.jpeg\n\nPhoto: https:\/\/fms\.example\.org\/photo\/1234\.1\.full\.jpeg$/,
    );

    // The utility's staff work on it in the console (the console's own workflow), then reopen it.
    const grievanceId = rows[0]!.id;
    await changeStatus(t.db, grievanceId, "in-progress", "A crew is on its way.", staffId);
    await changeStatus(t.db, grievanceId, "resolved", "The pipe was replaced.", staffId);
    await changeStatus(t.db, grievanceId, "in-progress", undefined, staffId);

    // Open311::get_service_request_updates: GET servicerequestupdates.xml with api_key, jurisdiction_id and the last
    // two hours (GetServiceRequestUpdates::parse_dates).
    const now = Date.now() + 1_000;
    const [start, end] = [w3c(now - 2 * 3_600_000), w3c(now)];
    const query = new URLSearchParams({
      api_key: apiKey,
      jurisdiction_id: "riverside.example.org",
      start_date: start,
      end_date: end,
    });
    const response = await get(`/open311/v2/servicerequestupdates.xml?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/xml; charset=utf-8/);
    expect(XMLValidator.validate(response.body)).toBe(true);
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<service_request_updates>/);
    const updates = (
      xml.parse(response.body).service_request_updates.request_update as Record<string, string>[]
    ).filter((update) => update.service_request_id === reference);
    expect(updates.map((u) => [u.status, u.description])).toEqual([
      ["IN_PROGRESS", "A crew is on its way."],
      ["FIXED", "The pipe was replaced."],
      ["IN_PROGRESS", ""],
    ]);
    for (const update of updates) {
      expect(Object.keys(update)).toEqual(UPDATE_FIELDS);
      expect(update.update_id).toMatch(/^\d+$/);
      expect(update.media_url).toBe("");
      // UpdatesBase::check_date: W3C-DTF, and within the window when compared as text in UTC.
      expect(update.updated_datetime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(update.updated_datetime! >= start && update.updated_datetime! <= end).toBe(true);
    }
    expect(new Set(updates.map((u) => u.update_id)).size).toBe(3);

    // The same in JSON, and the same ids on a second fetch (FixMyStreet skips an update_id it already has).
    const json = (await get(`/open311/v2/servicerequestupdates.json?${query}`)).json() as Record<string, unknown>[];
    const mine = json.filter((update) => update.service_request_id === reference);
    expect(mine.map((u) => u.update_id)).toEqual(updates.map((u) => u.update_id));
    expect(mine[0]).toEqual({ ...updates[0], media_url: null });
  });

  it("keeps a comment FixMyStreet posts to servicerequestupdates as a public update, never echoed back as the utility's", async () => {
    // Open311::post_service_request_update: _populate_service_request_update_params, posted as a form.
    const comment = (fields: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/open311/v2/servicerequestupdates.xml",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({
          api_key: apiKey,
          jurisdiction_id: "riverside.example.org",
          service_request_id: refs.burst,
          update_id: "98765",
          updated_datetime: w3c(Date.now()),
          status: "OPEN",
          description: "Still leaking this morning, worse than before.",
          first_name: "Sam",
          last_name: "Njoroge",
          email: "sam@example.org",
          ...fields,
        }).toString(),
      });
    const before = Date.now() - 1_000;
    const response = await comment({});
    expect(response.statusCode, response.body).toBe(201);
    expect(XMLValidator.validate(response.body)).toBe(true);
    // What FixMyStreet reads: $obj->{request_update}->[0]->{update_id}.
    const updateId = xml.parse(response.body).service_request_updates.request_update[0].update_id as string;
    expect(updateId).toMatch(/^[0-9a-f-]{36}$/);

    const burstId = (await t.db.query<{ id: string }>("SELECT id FROM grievances WHERE reference = $1", [refs.burst]))
      .rows[0]!.id;
    const progress = (await get(`/api/grievances/${burstId}/progress`)).json() as {
      timeline: { type: string; text?: string }[];
    };
    expect(progress.timeline).toContainEqual(
      expect.objectContaining({ type: "reporter-update", text: "Still leaking this morning, worse than before." }),
    );
    expect(JSON.stringify(progress)).not.toMatch(/Njoroge|sam@/);
    // The portal's status stays the utility's, and the comment is not one of its updates.
    const { rows } = await t.db.query<{ status: string }>("SELECT status FROM grievances WHERE id = $1", [burstId]);
    expect(rows[0]!.status).toBe("in-progress");
    const updates = (await get(`/open311/v2/servicerequestupdates.json?start_date=${w3c(before)}`)).json() as Record<
      string,
      string
    >[];
    expect(updates.filter((u) => u.service_request_id === refs.burst)).toEqual([]);

    expect((await comment({ service_request_id: "WS-ZZZZZZ" })).statusCode).toBe(404);
    expect((await comment({ service_request_id: refs.hidden })).statusCode).toBe(404);
    expect((await comment({ api_key: "" })).statusCode).toBe(403);
    expect((await comment({ api_key: revokedKey })).statusCode).toBe(403);
    expect((await comment({ description: "" })).statusCode).toBe(400);
  });

  it("gives the seeded reports' status changes in their window, oldest first, never a hidden report's", async () => {
    const hiddenId = (await t.db.query<{ id: string }>("SELECT id FROM grievances WHERE reference = $1", [refs.hidden]))
      .rows[0]!.id;
    await changeStatus(t.db, hiddenId, "in-progress", "Hidden work.", staffId);
    const start = w3c(Date.now() - 40 * 60_000);
    const end = w3c(Date.now() - 5 * 60_000);
    const updates = (
      await get(`/open311/v2/servicerequestupdates.json?start_date=${start}&end_date=${end}`)
    ).json() as Record<string, string>[];
    expect(updates.map((u) => [u.service_request_id, u.status, u.description])).toEqual([
      [refs.burst, "IN_PROGRESS", "A crew is on its way."],
      [refs.fixed, "IN_PROGRESS", "Samples taken."],
      [refs.fixed, "FIXED", "The tank was cleaned."],
    ]);
    // By default, the last 24 hours: the hidden report's change is never there.
    const recent = (await get("/open311/v2/servicerequestupdates.json?api_key=")).json() as Record<string, string>[];
    expect(recent.map((u) => u.service_request_id)).not.toContain(refs.hidden);
    expect(recent.length).toBeGreaterThanOrEqual(3);
  });

  it("refuses a window over 90 days, a bad date or a foreign jurisdiction, in the error format", async () => {
    const long = await get("/open311/v2/servicerequestupdates.xml?start_date=2026-01-01&end_date=2026-06-01");
    expect(long.statusCode).toBe(400);
    expect(xml.parse(long.body).errors.error[0].description).toMatch(/90 days/);
    expect((await get("/open311/v2/servicerequestupdates.json?end_date=soon")).statusCode).toBe(400);
    expect((await get("/open311/v2/servicerequestupdates.json?jurisdiction_id=elsewhere")).statusCode).toBe(404);
  });

  it("refuses a window holding more updates than one answer carries, rather than cutting it short", async () => {
    const burstId = (await t.db.query<{ id: string }>("SELECT id FROM grievances WHERE reference = $1", [refs.burst]))
      .rows[0]!.id;
    await t.db.query(
      `INSERT INTO grievance_events (grievance_id, kind, from_status, to_status, note, staff_id, at)
       SELECT $1, 'status', 'pending', 'in-progress', NULL, $2, now() - interval '60 days' + n * interval '1 second'
       FROM generate_series(1, 10001) AS n`,
      [burstId, staffId],
    );
    const day = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const next = new Date(Date.now() - 59 * 86_400_000).toISOString().slice(0, 10);
    const response = await get(`/open311/v2/servicerequestupdates.json?start_date=${day}&end_date=${next}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()[0].description).toMatch(/More than 10000 updates/);
  });
});
