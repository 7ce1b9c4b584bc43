import { data, type LoaderFunctionArgs } from "react-router";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { getWaterPoint } from "./water-points-api.ts";
import { loadWaterPointTexts } from "./water-point-texts.ts";

/** The sign's chunk (with the QR codes' encoder): asked for by the sign only, and then beside the point's data. */
export const loadSign = () => import("../routes/water-point-sign.tsx");

/**
 * The point and the page's texts, side by side; a code no point has, or a view of it other than the sign, is the
 * app's friendly "Page not found" (the route's error boundary shows it). The page and the sign read the same.
 */
export async function waterPointLoader({ params, request }: LoaderFunctionArgs) {
  if (params.view !== undefined && params.view !== "sign") throw data(null, { status: 404 });
  if (params.view === "sign") void loadSign().catch(() => undefined);
  const [point] = await Promise.all([
    getWaterPoint(params.code ?? "", request.signal).catch((error: unknown) => {
      if (error instanceof ApiRequestError && error.isNotFound) throw data(null, { status: 404 });
      throw error;
    }),
    loadWaterPointTexts(),
  ]);
  return point;
}
