/**
 * The hostile values the OpenAPI fuzz (openapi-fuzz.test.ts) puts in every path parameter, query parameter and body
 * property of every operation: a fixed list, so that a run is repeatable and a failure can be replayed. Each is
 * something a client, a scanner or a typo really sends: ids that only look like ids, text a database or an XML
 * writer could choke on, the wrong JSON type, numbers past every limit. One of each kind, not every variant: every
 * operation has many parameters, and the whole run must stay quick.
 */

const DASHES = "-".repeat(36);
// Unicode, a bidirectional override, traversal, SQL and XML in one storable text: it passes the text checks, so it
// goes as far into a handler as any text does.
const MIXED = "\u202e\u0645\u0627\u0621 \u{1f4a7} ../../etc/passwd ' OR '1'='1; -- <x a='&amp;'>]]>&#0;</x>";

/** Percent-encoded; a lone surrogate, which UTF-8 cannot carry, as the bytes a careless encoder writes for it. */
const encoded = (value: string): string => {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
};

/**
 * Segments that only look like ids: one rule answers them in every path (docs/api-conventions.md, "Path parameters
 * and ids"), 404 as an unknown id, never a 400 nor a 500.
 */
export const MALFORMED_IDS: readonly string[] = [
  DASHES,
  "0123456789abcdef0123456789abcdef----",
  "123e4567e89b12d3a456426614174000",
  "123e4567-e89b-12d3-a456-4266141740001",
];

/** Path segments, already in the address's own encoding. */
export const HOSTILE_SEGMENTS: readonly string[] = [
  // Passes a loose /^[0-9a-f-]{36}$/ and is no uuid: PostgreSQL's cast refuses it.
  DASHES,
  "0123456789abcdef0123456789abcdef----",
  // Shaped like a uuid, or read as one by PostgreSQL, but not by the strict pattern.
  "123e4567e89b12d3a456426614174000",
  encoded("{123e4567-e89b-12d3-a456-426614174000}"),
  "123e4567-e89b-12d3-a456-4266141740001",
  // A well-formed id that names nothing.
  "00000000-0000-0000-0000-000000000000",
  "a".repeat(300),
  "%00",
  "%ED%A0%80",
  "%E0%A4%A",
  encoded(MIXED),
  // Encoded slashes stay in the segment. (Not "%2e%2e": that is the segment "..", and the address another one.)
  "..%2F..%2Fetc%2Fpasswd",
  encoded("' OR '1'='1"),
  encoded("<x>&amp;</x>"),
  "-1",
  "99999999999999999999999",
  "__proto__",
  "%20",
];

/** Query values, each a `name=value` pair in the address's encoding; and a parameter sent twice or bracketed. */
export const HOSTILE_QUERIES: readonly { label: string; query: (name: string) => string }[] = [
  ...[DASHES, "", "a".repeat(300), MIXED, "99999999999999999999999"].map((value) => ({
    label: JSON.stringify(value.slice(0, 40)),
    query: (name: string) => `${name}=${encoded(value)}`,
  })),
  { label: "NUL", query: (name) => `${name}=%00` },
  { label: "lone surrogate", query: (name) => `${name}=%ED%A0%80` },
  { label: "twice", query: (name) => `${name}=a&${name}=b` },
  { label: "bracketed", query: (name) => `${name}[a]=1&${name}[]=2` },
];

/** A very long text only a body can carry (an address this long is refused as a whole, which other tests cover). */
export const LONG_TEXT = "\u00e9".repeat(70_000);

/** Every value a body property takes in turn: text that only looks right, numbers where text is expected, and so on. */
export const HOSTILE_PROPERTY_VALUES: readonly unknown[] = [
  DASHES,
  "",
  LONG_TEXT,
  "x\u0000y",
  "\ud800",
  MIXED,
  "99999999999999999999999",
  -1,
  1e308,
  null,
  [],
  [DASHES],
  JSON.parse('{"__proto__":{"admin":true}}') as unknown,
];

/** A whole JSON body that is not the object every operation reads. */
export const HOSTILE_BODIES: readonly string[] = ["null", "0", '"text"', "[]", "[{}]", "{", '{"a":1,"a":2}'];
