import { FRAME_MESSAGES } from "./frame-messages.ts";
import { englishText } from "./i18n/english-text.ts";
import { msg } from "./i18n/locales.ts";

/**
 * Every visitor-facing text of the specification, verbatim, plus the few that docs/product-decisions.md adds.
 * Change a text here and both the browser and the server follow. Each is an English message id (msg), translated
 * where it is shown; a message with values is a template filled in English (docs/decisions/019-languages.md).
 */
export const MESSAGES = {
  categoryNotOffered: msg("Please choose a category from the list."),
  requiredFields: msg("Please fill in all required fields."),
  filesRejected: msg("Some files were rejected. Only images under 5MB are allowed."),
  tooManyImages: msg("You can attach at most 5 images."),
  storageReady: msg("Storage ready - You can now upload images"),
  // docs/product-decisions.md D4: the operator must know what to fix, and there is no Supabase.
  storageUnavailable: msg("Error: Unable to access storage. Please check your storage configuration."),
  submitSuccess: msg("Grievance submitted successfully!"),
  submitFailed: msg("Your report could not be submitted. Nothing was saved; your entries are kept, please try again."),
  // The API's 503 while its database is down or not answering.
  serviceUnavailable: msg("The service is temporarily unavailable. Please try again in a few minutes."),
  invalidEmail: msg("Please enter a valid email address."),
  invalidPhone: msg("Please enter a valid phone number."),
  // `field` is a field's label, itself a message id (grievance-schema.ts), so it is translated with the sentence.
  tooLong: (field: string, max: number) =>
    englishText(msg("{field} must be at most {max} characters."), { field, max }),
  // Text holding NUL or a broken (unpaired) UTF-16 character, which cannot be stored (storable-text.ts).
  invalidCharacters: (field: string) =>
    englishText(msg("{field} contains invisible or broken characters that cannot be saved. Please retype it."), {
      field,
    }),
  // A report body over the upload limit: every image at its largest plus the form.
  uploadTooLarge: msg("The report is too large to send. Attach at most 5 images of up to 5MB each."),
  listFailed: msg("Reports could not be loaded."),
  grievanceNotFound: msg("Grievance not found"),
  loadingList: msg("Loading grievances..."),
  loadingDetails: msg("Loading grievance details..."),
  noGrievances: msg("No grievances found"),
  noGrievancesHint: msg("Try adjusting your search criteria or filters."),
  ...FRAME_MESSAGES,
  imageHint: msg("Maximum 5 images, 5MB each. Supported: JPG, PNG, GIF"),
} as const;
