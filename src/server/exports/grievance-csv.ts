import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { peopleAffected } from "../grievances/public-grievance.ts";
import { withoutBidiControls } from "../http/outgoing-text.ts";
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

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return before one) gets a leading
 * apostrophe, as OWASP's CSV injection advice says: the text stays readable, and nothing runs when it is opened.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * The rows as CSV (RFC 4180: commas, quotes doubled, line breaks kept inside quoted cells, bidirectional controls
 * taken out: outgoing-text.ts), with a header and a
 * UTF-8 byte order mark so that spreadsheets read accents and non-Latin scripts right. A stream: rows are read as
 * the client takes them, and destroying it stops the reading.
 */
export function grievanceCsv(rows: AsyncIterable<ExportRow>, reportUrl: (id: string) => string): Readable {
  const source = Readable.from(
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
  const csv = stringify({
    header: true,
    columns: [...COLUMNS],
    bom: true,
    record_delimiter: "windows",
    // Quote every value holding a CR or an LF, not only the record delimiter CRLF (the library's default once a
    // delimiter is named): an Open311 post's bare LF would otherwise split the record in every reader.
    quote_record_delimiter: true,
    // Bidirectional controls out first, so that none can hide a formula's first character from the check either.
    cast: { string: (value) => neutraliseFormula(withoutBidiControls(value)) },
  });
  source.on("error", (error) => csv.destroy(error));
  csv.on("close", () => source.destroy());
  return source.pipe(csv);
}
