import { versionsOfForm } from "./incident-translation-fields.tsx";
import type { z } from "zod/mini";
import { msg } from "#shared/i18n/locales.ts";
import { declareIncidentSchema, type DeclareIncident } from "#shared/incidents/incidents.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { areaOfDrawing, emptyDrawing, instantOfLocal, localitiesOf, type Drawing } from "#web/lib/map/area-drawing.ts";

/** The declare form's fields, each of which may carry its own message. */
export type DeclareField = keyof DeclareIncident;
export type DeclareFieldErrors = Partial<Record<DeclareField, string>>;

const DECLARE_FIELDS: readonly DeclareField[] = [
  "type",
  "severity",
  "title",
  "message",
  "instructions",
  "area",
  "localities",
  "startsAt",
  "expectedRestorationAt",
];

const isDeclareField = (key: unknown): key is DeclareField => DECLARE_FIELDS.includes(key as DeclareField);

/** One message per field, the first found; `area.radiusMetres` or `localities.2` are the area's and localities'. */
export function declareFieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): DeclareFieldErrors {
  const errors: DeclareFieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isDeclareField(field) && !errors[field]) errors[field] = translateText(issue.message);
  }
  return errors;
}

/** The server's fieldErrors (already in the visitor's language), kept to the form's own fields. */
export function serverFieldErrorsOf(
  fieldErrors: Readonly<Record<string, string | undefined>> | undefined,
): DeclareFieldErrors {
  const errors: DeclareFieldErrors = {};
  for (const [key, message] of Object.entries(fieldErrors ?? {})) {
    const field = key.split(".")[0];
    if (isDeclareField(field) && message && !errors[field]) errors[field] = message;
  }
  return errors;
}

function drawingOf(raw: string): Drawing {
  try {
    const parsed = JSON.parse(raw) as Partial<Drawing>;
    const blank = emptyDrawing(parsed.mode === "circle" ? "circle" : "polygon");
    return {
      mode: blank.mode,
      points: Array.isArray(parsed.points) ? parsed.points : [],
      centre: parsed.centre ?? null,
      radiusMetres: typeof parsed.radiusMetres === "number" ? parsed.radiusMetres : Number.NaN,
    };
  } catch {
    return emptyDrawing();
  }
}

export type DeclareParse = { ok: true; body: DeclareIncident } | { ok: false; errors: DeclareFieldErrors };

/**
 * The declare form as the request body, checked with the shared schema so that staff read the server's own
 * messages without a round trip; a half-drawn area is refused here with what is missing.
 */
export function parseDeclareForm(form: FormData): DeclareParse {
  const text = (name: string) => String(form.get(name) ?? "");
  const drawn = areaOfDrawing(drawingOf(text("drawing")));
  const startsAt = instantOfLocal(text("startsAt"));
  const candidate: z.input<typeof declareIncidentSchema> = {
    type: text("type") as DeclareIncident["type"],
    severity: text("severity") as DeclareIncident["severity"],
    title: text("title"),
    message: text("message"),
    instructions: text("instructions"),
    area: "area" in drawn ? drawn.area : null,
    localities: localitiesOf(text("localities")),
    startsAt: startsAt ?? "",
    expectedRestorationAt: instantOfLocal(text("expectedRestorationAt")),
    translations: versionsOfForm(form, ["title", "message", "instructions"]),
  };
  const parsed = declareIncidentSchema.safeParse(candidate);
  const errors = parsed.success ? {} : declareFieldErrorsOf(parsed.error.issues);
  // What is wrong with the drawing says more than "draw the area or name a locality".
  if ("problem" in drawn) errors.area = translateText(drawn.problem);
  // The schema would only say "Invalid input" of a missing time.
  if (!startsAt) errors.startsAt = translateText(msg("Give the start date and time."));
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}
