import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { withoutBidiControls } from "./outgoing-text.ts";

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return before one) gets a leading
 * apostrophe, as OWASP's CSV injection advice says: the text stays readable, and nothing runs when it is opened.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * Every CSV the portal writes: RFC 4180 (commas, quotes doubled, line breaks kept inside quoted cells), CRLF, a
 * header and a UTF-8 byte order mark so that spreadsheets read accents and non-Latin scripts right; bidirectional
 * controls taken out (outgoing-text.ts) and formulas neutralised. A stream: records are read as the client takes
 * them, and destroying it stops the reading.
 */
export function formulaSafeCsv(
  columns: readonly string[],
  records: AsyncIterable<readonly (string | number)[]>,
): Readable {
  const source = Readable.from(records);
  const csv = stringify({
    header: true,
    columns: [...columns],
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
