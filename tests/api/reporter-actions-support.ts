import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { GrievanceProgress, StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { TRACKING_MESSAGES, type SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { makeJpeg } from "../fixtures/images.ts";
import { addStaff, resetData, staffClient } from "./staff/staff-helpers.ts";
import {
  createTestApp,
  expectHumanError,
  multipart,
  postGrievance,
  validFields,
  type FileField,
  type TestApp,
  type TestAppOptions,
} from "./test-app.ts";

// What the reporter may do from their private link (docs/decisions/015-reporter-actions.md).
// Runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (test-app.ts).
// This module holds what the reporter-actions-*.test.ts files share.

export let t: TestApp;

export interface Submitted {
  id: string;
  token: string;
  reference: string;
}

export async function submit(files: FileField[] = []): Promise<Submitted> {
  const res = await postGrievance(t.app, validFields, files);
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<SubmittedGrievance>();
  return {
    id: body.id,
    reference: body.reference,
    token: new URL(body.trackingUrl).pathname.replace(/^\/track\//, ""),
  };
}

export async function postUpdate(token: string, fields: Record<string, string>, files: FileField[] = []) {
  const body = await multipart(fields, files);
  return t.app.inject({ method: "POST", url: `/api/track/${token}/updates`, ...body });
}

export const answer = (token: string, payload: unknown) =>
  t.app.inject({ method: "POST", url: `/api/track/${token}/answer`, payload: payload as InjectOptions["payload"] });

export const track = (token: string) => t.app.inject({ url: `/api/track/${token}` });
export const progressOf = async (id: string) =>
  (await t.app.inject({ url: `/api/grievances/${id}/progress` })).json<GrievanceProgress>();

export async function staff() {
  const as = await staffClient(t.app);
  return {
    as,
    setStatus: async (id: string, status: string, note = "Crew replaced the valve.") => {
      const res = await as({ method: "POST", url: `/api/staff/grievances/${id}/status`, payload: { status, note } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<StaffGrievanceDetail>();
    },
    detail: async (id: string) => (await as({ url: `/api/staff/grievances/${id}` })).json<StaffGrievanceDetail>(),
  };
}

export async function updateRows(): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM reporter_updates");
  return rows[0]!.n;
}

export const jpeg = async (name = "pipe.jpg"): Promise<FileField> => ({
  filename: name,
  bytes: await makeJpeg(),
  type: "image/jpeg",
});

export const statusOf = async (url: string) => (await t.app.inject({ url })).statusCode;

export function expectNotFound(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(404);
  expectHumanError(res.body, TRACKING_MESSAGES.notFound);
  expect(res.headers["cache-control"]).toBe("no-store");
  expect(res.headers["x-robots-tag"]).toBe("noindex");
}

/**
 * A portal for the calling file, emptied and given a staff account before each test; `imageStore` wraps its image
 * store where a file needs to make writes fail.
 */
export function useReporterPortal(imageStore?: TestAppOptions["imageStore"]): void {
  beforeAll(async () => {
    t = await createTestApp({
      // These files submit many reports and updates from one address; the limits have tests of their own.
      config: { submissionsPerHour: 100_000, reporterUpdatesPerHour: 100_000 },
      imageStore,
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetData(t.db);
    await addStaff(t.db);
  });
}
