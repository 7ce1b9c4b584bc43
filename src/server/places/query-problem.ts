import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { HttpError } from "../http/http-error.ts";
import { refuseWith, type SchemaProblem } from "../http/schema-refusal.ts";

/**
 * A 400 for a place query zod refused: the area's own message when the bbox is at fault (it says how to write one),
 * a coordinate's or a refinement's when one is (the shared texts of the form, written for people), else the fields
 * to check (zod's own messages are not).
 */
export function queryProblem(problems: readonly SchemaProblem[]): HttpError {
  const fields = [...new Set(problems.map((problem) => problem.path[0] ?? "query"))];
  if (fields.includes("bbox")) return new HttpError(400, LOCATION_MESSAGES.bboxInvalid);
  const coordinate = problems.find(
    (problem) => problem.path[0] === "latitude" || problem.path[0] === "longitude" || problem.code === "custom",
  );
  if (coordinate) return new HttpError(400, coordinate.message);
  return new HttpError(400, LOCATION_MESSAGES.invalidQuery(fields.join(", ")));
}

/** The place routes' `schemaErrorFormatter`: their queries' refusals worded by queryProblem. */
export const refusePlaceQuery = refuseWith((problems) => queryProblem(problems));
