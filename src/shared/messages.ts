/**
 * Every visitor-facing text of the specification, verbatim, plus the few that docs/product-decisions.md adds.
 * Change a text here and both the browser and the server follow.
 */
export const MESSAGES = {
  categoryNotOffered: "Please choose a category from the list.",
  requiredFields: "Please fill in all required fields.",
  filesRejected: "Some files were rejected. Only images under 5MB are allowed.",
  tooManyImages: "You can attach at most 5 images.",
  storageReady: "Storage ready - You can now upload images",
  // docs/product-decisions.md D4: the operator must know what to fix, and there is no Supabase.
  storageUnavailable: "Error: Unable to access storage. Please check your storage configuration.",
  submitSuccess: "Grievance submitted successfully!",
  submitFailed: "Your report could not be submitted. Nothing was saved; your entries are kept, please try again.",
  networkFailed: "The portal could not be reached. Check your connection and try again.",
  // The API's 503 while its database is down or not answering.
  serviceUnavailable: "The service is temporarily unavailable. Please try again in a few minutes.",
  invalidEmail: "Please enter a valid email address.",
  invalidPhone: "Please enter a valid phone number.",
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  // Text holding NUL or a broken (unpaired) UTF-16 character, which cannot be stored (storable-text.ts).
  invalidCharacters: (field: string) => `${field} contains invisible or broken characters that cannot be saved. Please retype it.`,
  // A report body over the upload limit: every image at its largest plus the form.
  uploadTooLarge: "The report is too large to send. Attach at most 5 images of up to 5MB each.",
  listFailed: "Reports could not be loaded.",
  grievanceNotFound: "Grievance not found",
  loadingList: "Loading grievances...",
  loadingDetails: "Loading grievance details...",
  noGrievances: "No grievances found",
  noGrievancesHint: "Try adjusting your search criteria or filters.",
  unexpectedError: "Unexpected Application Error!",
  pageNotFound: "Page not found",
  imageHint: "Maximum 5 images, 5MB each. Supported: JPG, PNG, GIF",
} as const;
