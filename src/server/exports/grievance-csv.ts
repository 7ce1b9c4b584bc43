import type { Readable } from "node:stream";
import { peopleAffected } from "../grievances/public-grievance.ts";
import { formulaSafeCsv } from "../http/csv-writer.ts";
import type { ExportRow } from "./export-repository.ts";

/** The CSV's columns, in order; contact details are not among them, not even masked. */
const COLUMNS = [
  "reference",
  "title",
  "description",
  "category",
  "priority",
  "status",
  "location",
  "latitude",
  "longitude",
  "people_affected",
  "reported_at",
  "last_updated_at",
  "url",
  // The water point's code under WPDx's name, so that NGOs can join reports to their WPDx data; last, so that the
  // columns before it stay where readers find them (docs/decisions/040-reporting-against-water-points.md).
  "wpdx_id",
] as const;

/** The rows as CSV (http/csv-writer.ts: formula-safe, RFC 4180, a byte order mark), streamed. */
export function grievanceCsv(rows: AsyncIterable<ExportRow>, reportUrl: (id: string) => string): Readable {
  return formulaSafeCsv(
    COLUMNS,
    (async function* () {
      for await (const row of rows) {
        yield [
          row.reference,
          row.title,
          row.description,
          row.category,
          row.priority,
          row.status,
          row.location ?? "",
          row.latitude ?? "",
          row.longitude ?? "",
          peopleAffected(row.affected_count),
          row.created_at.toISOString(),
          row.updated_at.toISOString(),
          reportUrl(row.id),
          row.wpdx_id ?? "",
        ];
      }
    })(),
  );
}
