import {
  INCIDENT_LIMITS,
  incidentSubscriptionSchema,
  type IncidentSubscriptionRequest,
} from "#shared/incidents/incidents.ts";
import { msg } from "#shared/i18n/locales.ts";
import { refusal as refusalOf, type ActionResult } from "#web/lib/action-result.ts";
import { ApiRequestError, errorMessageOf } from "#web/lib/api-client.ts";
import { subscribeToIncidents } from "./incidents-api.ts";

/** The `intent` of "Get alerts for your area": one of the actions of both incident pages (incidents-action.ts). */
export const INCIDENT_SUBSCRIBE_INTENT = "incident-subscribe";

/** The distances offered around a pin, in metres. */
export const ALERT_RADII = [500, 1_000, 2_000, 5_000] as const;
export const DEFAULT_ALERT_RADIUS = 1_000;

/** The form's fields, by the names the server's fieldErrors use. */
export type SubscriptionField = "email" | "place" | "locality";

/**
 * What the form shows after a submit: the server's message (already in the visitor's language) or field errors,
 * kept as worded and translated where shown (docs/decisions/019-languages.md).
 */
export type IncidentSubscribeResult = ActionResult<typeof INCIDENT_SUBSCRIBE_INTENT, undefined, SubscriptionField>;

export const SUBSCRIPTION_MESSAGES = {
  choosePlace: msg("Choose a place on the map or use your location."),
  checkFields: msg("Please correct the fields marked below."),
} as const;

/** The server's field names (the schema's paths) as the form's fields: the pin's three parts are one "place". */
function fieldOf(name: string): SubscriptionField {
  if (name === "email") return "email";
  if (name === "locality") return "locality";
  return "place";
}

function refusal(message: string, errors: Record<string, string | undefined>): IncidentSubscribeResult {
  const fieldErrors: Partial<Record<SubscriptionField, string>> = {};
  for (const [name, text] of Object.entries(errors)) {
    const field = fieldOf(name);
    if (text && !fieldErrors[field]) fieldErrors[field] = text;
  }
  return refusalOf(INCIDENT_SUBSCRIBE_INTENT, message, Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined);
}

/** The request the form's entries make: a pin with a distance, or a locality, as the resident chose. */
export function subscriptionRequestOf(form: FormData): IncidentSubscriptionRequest | IncidentSubscribeResult {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const email = text("email");
  const base = { email };
  const candidate =
    text("mode") === "locality"
      ? { ...base, locality: text("locality") }
      : (() => {
          const latitude = Number(text("latitude"));
          const longitude = Number(text("longitude"));
          const radiusMetres = Number(text("radiusMetres"));
          if (!text("latitude") || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
          return { ...base, latitude, longitude, radiusMetres };
        })();
  if (candidate === undefined) {
    const errors: Record<string, string> = { place: SUBSCRIPTION_MESSAGES.choosePlace };
    const checkedEmail = incidentSubscriptionSchema.safeParse({ email, locality: "x" });
    if (!checkedEmail.success) errors.email = checkedEmail.error.issues[0]?.message ?? "";
    return refusal(SUBSCRIPTION_MESSAGES.checkFields, errors);
  }
  const parsed = incidentSubscriptionSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? "locality");
    errors[name] ??= issue.message;
  }
  return refusal(SUBSCRIPTION_MESSAGES.checkFields, errors);
}

/** Checks the entries with the server's own schema, then sends them; the answer never says whether the address is known. */
export async function subscribe(form: FormData): Promise<IncidentSubscribeResult> {
  const request = subscriptionRequestOf(form);
  if ("intent" in request) return request;
  try {
    const answer = await subscribeToIncidents(request);
    return { intent: INCIDENT_SUBSCRIBE_INTENT, ok: true, message: answer.message };
  } catch (error) {
    const fieldErrors =
      error instanceof ApiRequestError
        ? (error.fieldErrors as Record<string, string | undefined> | undefined)
        : undefined;
    return refusal(errorMessageOf(error), fieldErrors ?? {});
  }
}

export const LOCALITY_MAX_LENGTH = INCIDENT_LIMITS.locality;
