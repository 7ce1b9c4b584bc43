import { useSyncExternalStore } from "react";
import { isReference } from "#shared/grievances/reference.ts";
import { isTrackingToken, trackingTokenOf, type SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { readItem, STORAGE_KEYS, subscribeToStorage, writeItem } from "./browser-storage.ts";

/**
 * Reports submitted from this browser, kept in its localStorage so that /my-reports can list them (decision 013): no
 * account, and nothing about them goes to the server but each report's token, to look the report up. A report just
 * submitted is also announced, in sessionStorage, to the list page the form leads to, which shows its private link
 * until the visitor dismisses it (or closes the tab). Where storage is unusable, browser-storage.ts keeps them in
 * memory for the visit.
 */
export interface RememberedReport {
  reference: string;
  title: string;
  token: string;
  /** The link as the server gave it (PUBLIC_URL or the portal's address), to show and copy. */
  trackingUrl: string;
  /** ISO time the report was made. */
  submittedAt: string;
  /** When the utility expects to have resolved it (its service target), as the submit answered; absent before. */
  expectedResolutionAt?: string | null;
}

// Plenty for one household's reports; the oldest go first beyond it, so storage never fills up.
const MAX_REMEMBERED = 100;

function isRememberedReport(value: unknown): value is RememberedReport {
  const r = value as Partial<Record<keyof RememberedReport, unknown>> | null;
  return (
    typeof r === "object" &&
    r !== null &&
    typeof r.reference === "string" &&
    isReference(r.reference) &&
    typeof r.token === "string" &&
    isTrackingToken(r.token) &&
    typeof r.title === "string" &&
    typeof r.trackingUrl === "string" &&
    typeof r.submittedAt === "string" &&
    !Number.isNaN(Date.parse(r.submittedAt))
  );
}

/** What storage holds, as far as it is well-formed: another tab or an older version may have written it. */
function parseReports(raw: string | null): RememberedReport[] {
  if (!raw) return NONE;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isRememberedReport) : NONE;
  } catch {
    return NONE;
  }
}

const NONE: RememberedReport[] = [];

// useSyncExternalStore wants the same array while nothing changed.
let cached: { raw: string | null; reports: RememberedReport[] } = { raw: null, reports: NONE };

function rememberedReports(): RememberedReport[] {
  const raw = readItem("localStorage", STORAGE_KEYS.reports);
  if (raw !== cached.raw) cached = { raw, reports: parseReports(raw) };
  return cached.reports;
}

/** The remembered reports, newest first; re-renders when they change (in this tab or another). */
export function useRememberedReports(): RememberedReport[] {
  return useSyncExternalStore(subscribeToStorage, rememberedReports, () => NONE);
}

/** The entry for a report the server has just accepted; undefined if its answer holds no tracking link. */
export function rememberedReportOf(submitted: SubmittedGrievance): RememberedReport | undefined {
  const token = trackingTokenOf(submitted.trackingUrl);
  if (!token) return undefined;
  return {
    reference: submitted.reference,
    title: submitted.title,
    token,
    trackingUrl: submitted.trackingUrl,
    submittedAt: submitted.created_at,
    expectedResolutionAt: submitted.expectedResolutionAt,
  };
}

export function rememberReport(report: RememberedReport): void {
  const others = rememberedReports().filter((r) => r.token !== report.token);
  writeItem("localStorage", STORAGE_KEYS.reports, JSON.stringify([report, ...others].slice(0, MAX_REMEMBERED)));
}

export function forgetReport(token: string): void {
  writeItem("localStorage", STORAGE_KEYS.reports, JSON.stringify(rememberedReports().filter((r) => r.token !== token)));
  if (announcedReport()?.token === token) dismissAnnouncement();
}

/** Shown on the list page after a submit, until dismissed. */
export function announceSubmitted(report: RememberedReport): void {
  writeItem("sessionStorage", STORAGE_KEYS.announced, JSON.stringify(report));
}

export function announcedReport(): RememberedReport | undefined {
  const raw = readItem("sessionStorage", STORAGE_KEYS.announced);
  if (!raw) return undefined;
  try {
    const report: unknown = JSON.parse(raw);
    return isRememberedReport(report) ? report : undefined;
  } catch {
    return undefined;
  }
}

export function dismissAnnouncement(): void {
  writeItem("sessionStorage", STORAGE_KEYS.announced, null);
}
