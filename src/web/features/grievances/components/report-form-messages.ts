import type { FieldErrors, GrievanceField } from "#shared/grievances/grievance-schema.ts";
import { MESSAGES } from "#shared/messages.ts";
import { msg } from "#shared/i18n/locales.ts";
import type { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import type { SummaryLink } from "./error-summary.tsx";
import { IMAGES_INPUT_ID } from "#web/lib/images/image-picker.tsx";

type T = ReturnType<typeof useT>;

/** Fields in form order (where, what, photos, details, contact): the summary lists them so, the first invalid first. */
const FIELD_ORDER: (GrievanceField | "images")[] = [
  "location",
  "latitude",
  "longitude",
  "category",
  "water_point",
  "images",
  "title",
  "description",
  "priority",
  "user_email",
  "user_phone",
  "sms_updates",
];

/**
 * The error summary's link to each field: its label as the form shows it, then the message. One message per field
 * rather than "{field}: {message}", which would match any text with a colon when a finished text is translated
 * (translate-text.ts), and which gives translators the label in its sentence.
 */
const SUMMARY_LINKS: Record<GrievanceField | "images", string> = {
  title: msg("Issue Title: {message}"),
  category: msg("Category: {message}"),
  priority: msg("Priority Level: {message}"),
  location: msg("Location: {message}"),
  latitude: msg("Pin on a map: {message}"),
  longitude: msg("Pin on a map: {message}"),
  water_point: msg("Water point: {message}"),
  description: msg("Detailed Description: {message}"),
  user_email: msg("Email Address: {message}"),
  user_phone: msg("Phone Number: {message}"),
  sms_updates: msg("Send me updates by SMS: {message}"),
  images: msg("Upload Images: {message}"),
};

/** A field's control's id; both coordinates belong to the one "Pin on a map" group, which takes the focus for either. */
export const reportFieldId = (field: GrievanceField) =>
  field === "longitude" ? "report-latitude" : `report-${field.replace("_", "-")}`;

/**
 * The alert at the top carries the headline message; the text under a field says what to do there, worded
 * differently so that every message appears once on screen. A field's message is the schema's (English) or the
 * server's (already in the visitor's language), so both are recognised; any other is translated if it is English.
 */
export function inlineMessage(t: T, message: string): string {
  const is = (english: string) => message === english || message === t(english);
  if (is(MESSAGES.requiredFields)) return t("This field is required.");
  if (is(MESSAGES.invalidEmail)) return t("Enter an email address such as name@example.org, or leave it empty.");
  if (is(MESSAGES.invalidPhone)) {
    return t("Use digits with optional +, spaces, brackets or dashes (6 to 20 digits), or leave it empty.");
  }
  return translateText(message);
}

/** The summary's links, in form order; the two coordinates are one place on the form, so one link. */
export function summaryLinksOf(t: T, errors: FieldErrors, imageError: string | undefined): SummaryLink[] {
  const links: SummaryLink[] = [];
  const linkText = (field: GrievanceField | "images", message: string) => t(SUMMARY_LINKS[field], { message });
  for (const field of FIELD_ORDER) {
    if (field === "images") {
      if (imageError) links.push({ target: IMAGES_INPUT_ID, text: linkText("images", translateText(imageError)) });
      continue;
    }
    const message = errors[field];
    const target = reportFieldId(field);
    if (message && !links.some((link) => link.target === target)) {
      links.push({ target, text: linkText(field, inlineMessage(t, message)) });
    }
  }
  return links;
}
