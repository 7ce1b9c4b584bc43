/**
 * What the OpenAPI fuzz (openapi-fuzz.test.ts) holds every answer to, beyond the document's own check
 * (openapi-answers.ts): no 5xx at all, whatever the operation declares, and a refusal a person can read in the
 * operation's error format (docs/api-conventions.md, "One error path"): the API's `{ message }`, Open311's
 * `[{ code, description }]` or its XML `<errors>`, or the page a mail link opens.
 */

// Text for people: more than a word, on one line, starting with a letter (a sentence, or a field's name first:
// "latitude: Too big: ...", "service_code is required.").
const SENTENCE = /^\p{L}[^\n]{7,}$/u;

function apiErrorProblem(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return "is not JSON";
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return "is not a JSON object";
  const { message, ...rest } = parsed as { message?: unknown };
  const others = Object.keys(rest).filter((key) => key !== "fieldErrors" && key !== "requestId");
  if (others.length > 0) return `has fields the API's error has not: ${others.join(", ")}`;
  if (typeof message !== "string" || !SENTENCE.test(message)) return `has no message for people: ${body.slice(0, 200)}`;
  return undefined;
}

function open311ErrorProblem(body: string, mediaType: string): string | undefined {
  if (mediaType.endsWith("xml")) {
    const ok =
      /^<\?xml[^>]*\?>\s*<errors>(\s*<error>\s*<code>\d{3}<\/code>\s*<description>[^<]+<\/description>\s*<\/error>)+\s*<\/errors>\s*$/;
    return ok.test(body) ? undefined : `is not Open311's <errors>: ${body.slice(0, 200)}`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return "is not JSON";
  }
  const fits =
    Array.isArray(parsed) &&
    parsed.length > 0 &&
    parsed.every(
      (error: { code?: unknown; description?: unknown }) =>
        Number.isInteger(error.code) && typeof error.description === "string" && SENTENCE.test(error.description),
    );
  return fits ? undefined : `is not Open311's [{ code, description }]: ${body.slice(0, 200)}`;
}

/** Why an answer fails the fuzz, or undefined when it passes. */
export function answerProblem(template: string, status: number, contentType: string | undefined, body: string) {
  if (status >= 500) return `answered ${status}: ${body.slice(0, 200)}`;
  if (status < 400) return undefined;
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const problem = template.startsWith("/open311/")
    ? open311ErrorProblem(body, mediaType)
    : mediaType === "text/html"
      ? /<h1[^>]*>[^<]+<\/h1>/.test(body)
        ? undefined
        : "is a page without a heading"
      : mediaType === "application/json"
        ? apiErrorProblem(body)
        : `is ${mediaType || "untyped"}, not the API's JSON error`;
  return problem && `answered ${status}, whose body ${problem}`;
}
