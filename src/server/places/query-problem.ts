import type { z } from "zod/mini";
import { LOCATION_MESSAGES } from "../../shared/location-messages.ts";
import { HttpError } from "../http/http-error.ts";

/**
 * A 400 for a place query zod refused: the area's own message when the bbox is at fault (it says how to write one),
 * a coordinate's or a refinement's when one is (the shared texts of the form, written for people), else the fields
 * to check (zod's own messages are not).
 */
export function queryProblem(error: z.core.$ZodError): HttpError {
  const fields = [...new Set(error.issues.map((issue) => String(issue.path[0] ?? "query")))];
  if (fields.includes("bbox")) return new HttpError(400, LOCATION_MESSAGES.bboxInvalid);
  const coordinate = error.issues.find(
    (issue) => issue.path[0] === "latitude" || issue.path[0] === "longitude" || issue.code === "custom",
  );
  if (coordinate) return new HttpError(400, coordinate.message);
  return new HttpError(400, LOCATION_MESSAGES.invalidQuery(fields.join(", ")));
}
