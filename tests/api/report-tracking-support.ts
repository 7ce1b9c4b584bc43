import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { resetData } from "./staff/staff-helpers.ts";
import { createTestApp, postGrievance, validFields, type TestApp, type TestAppOptions } from "./test-app.ts";

// Every report's reference and its reporter's private tracking link
// (docs/decisions/013-reference-and-tracking-token.md). This module holds what the report-tracking-*.test.ts files share.

export let t: TestApp;

export const tokenOf = (trackingUrl: string) => new URL(trackingUrl).pathname.replace(/^\/track\//, "");
export const track = (token: string, headers: InjectOptions["headers"] = {}) =>
  t.app.inject({ url: `/api/track/${token}`, headers });

export async function submit(fields: Record<string, string> = validFields): Promise<SubmittedGrievance> {
  const res = await postGrievance(t.app, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SubmittedGrievance>();
}

/** The answers anyone can get about a report, without its link. */
export async function publicAnswers(id: string): Promise<LightMyRequestResponse[]> {
  return Promise.all(
    [
      "/api/grievances",
      `/api/grievances/${id}`,
      `/api/grievances/${id}/progress`,
      "/api/stats",
      `/api/grievances?q=${encodeURIComponent(validFields.title)}`,
    ].map((url) => t.app.inject({ url })),
  );
}

/** A portal for the calling file, with a wrapped repository or a log stream if given, emptied before each test. */
export function useTrackingPortal(options: Pick<TestAppOptions, "repository" | "logger"> = {}): void {
  beforeAll(async () => {
    t = await createTestApp({
      // These files submit many reports from one address.
      config: { submissionsPerHour: 10_000 },
      ...options,
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetData(t.db);
  });
}
