import { z } from "zod/mini";
import { publicGrievanceSchema } from "./grievances.ts";

/**
 * A water point's answers (docs/decisions/036-water-points.md): whether it works, by its reports of categories that
 * mean "not working" or else by the registry (docs/decisions/039-water-point-status.md). Times are ISO 8601 strings.
 */

export const WATER_POINT_STATUSES = ["functional", "not-functional", "unknown"] as const;
export type WaterPointStatus = (typeof WATER_POINT_STATUSES)[number];

/** A public report about the point, as its page lists it. */
export const waterPointReportSchema = z.object({
  ...z.pick(publicGrievanceSchema, {
    id: true,
    reference: true,
    title: true,
    category: true,
    status: true,
    created_at: true,
  }).shape,
  /** Whether an open report of this category means the point is not working (categories.means_not_working). */
  meansNotWorking: z.boolean(),
});

/** GET /api/water-points/{code}: the point, its status, since when and how long it has not worked, its reports. */
export const waterPointResponseSchema = z.object({
  /** The code painted on the point (WPDx's wpdx_id), as the registry spells it. */
  code: z.string(),
  name: z.string(),
  status: z.enum(WATER_POINT_STATUSES),
  /** The registry's own status (WPDx's status_id), which the reports override. */
  statusId: z.enum(["yes", "no", "unknown"]),
  /** Open public reports about the point, of any category. */
  openReports: z.number(),
  /** Since when it has not worked by its reports, without a break; null when it works or only the registry says not. */
  notFunctionalSince: z.nullable(z.string()),
  /** How long it has not worked in all by its reports, in seconds: each moment counted once, up to now. */
  downtimeSeconds: z.number(),
  /** WPDx's water_source_clean and water_tech_clean (Borehole, Hand Pump…), when known. */
  waterSource: z.nullable(z.string()),
  waterTech: z.nullable(z.string()),
  latitude: z.number(),
  longitude: z.number(),
  /** WPDx's clean_adm1 … clean_adm4, largest first, those known. */
  areas: z.array(z.string()),
  installYear: z.nullable(z.number()),
  management: z.nullable(z.string()),
  /** Set when the point was retired: it keeps its page and reports, but leaves the map and the form. */
  retiredAt: z.nullable(z.string()),
  /** The newest public reports about it, open ones first, at most WATER_POINT_PAGE_REPORTS. */
  reports: z.array(waterPointReportSchema),
  /** The point's page and the report form with the point chosen, as absolute links: what its sign's QR codes hold. */
  pageUrl: z.string(),
  reportUrl: z.string(),
  /** The portal's number for reports by SMS (SMS_NUMBER); null when SMS is off. */
  smsNumber: z.nullable(z.string()),
  /** When the answer was computed (the portal's clock): the moment `downtimeSeconds` runs to. */
  at: z.string(),
});
export type WaterPointView = z.output<typeof waterPointResponseSchema>;

/** How many reports a point's page lists. */
export const WATER_POINT_PAGE_REPORTS = 50;

export const waterPointCodeParamsSchema = z.object({ code: z.string() });
