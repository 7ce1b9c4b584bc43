import { WATER_POINT_PAGE_REPORTS, type WaterPointView } from "#shared/api-schemas/water-points.ts";
import type { Queryable } from "../db/database.ts";
import { findWaterPointPage, readWaterPointReports } from "./water-point-page-repository.ts";
import { readNotWorkingHistory } from "./water-point-status-repository.ts";
import { waterPointState } from "./water-point-status.ts";

/** What the point's answer says but its links (the routes add them, from the request). */
export type WaterPointFacts = Omit<WaterPointView, "pageUrl" | "reportUrl" | "smsNumber">;

/** The point with this code as its page shows it at `now`, or undefined when no point has the code. */
export async function waterPointView(db: Queryable, code: string, now: Date): Promise<WaterPointFacts | undefined> {
  const point = await findWaterPointPage(db, code);
  if (!point) return undefined;
  const [history, { open, reports }] = await Promise.all([
    readNotWorkingHistory(db, point.id),
    readWaterPointReports(db, point.id, WATER_POINT_PAGE_REPORTS),
  ]);
  const state = waterPointState(point.status_id, history, now);
  return {
    code: point.code,
    name: point.name,
    status: state.status,
    statusId: point.status_id,
    openReports: open,
    notFunctionalSince: state.notFunctionalSince?.toISOString() ?? null,
    downtimeSeconds: state.downtimeSeconds,
    waterSource: point.water_source,
    waterTech: point.water_tech,
    latitude: point.latitude,
    longitude: point.longitude,
    areas: [point.adm1, point.adm2, point.adm3, point.adm4].filter((area): area is string => Boolean(area)),
    installYear: point.install_year,
    management: point.management,
    retiredAt: point.retired_at ? new Date(point.retired_at).toISOString() : null,
    reports: reports.map((row) => ({
      id: row.id,
      reference: row.reference,
      title: row.title,
      category: row.category,
      status: row.status,
      created_at: new Date(row.created_at).toISOString(),
      meansNotWorking: row.means_not_working,
    })),
    at: now.toISOString(),
  };
}
