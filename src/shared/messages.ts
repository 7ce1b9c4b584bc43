/**
 * Every visitor-facing text of the specification, verbatim, plus the few that DESIGN.md adds.
 * Change a text here and both the browser and the server follow.
 */
export const MESSAGES = {
  requiredFields: "Please fill in all required fields.",
  filesRejected: "Some files were rejected. Only images under 5MB are allowed.",
  tooManyImages: "You can attach at most 5 images.",
  storageReady: "Storage ready - You can now upload images",
  // DESIGN.md D4: the operator must know what to fix, and there is no Supabase.
  storageUnavailable: "Error: Unable to access storage. Please check your storage configuration.",
  submitSuccess: "Grievance submitted successfully!",
  submitFailed: "Your grievance could not be submitted. Nothing was saved; your entries are kept, please try again.",
  networkFailed: "The portal could not be reached. Check your connection and try again.",
  invalidEmail: "Please enter a valid email address.",
  invalidPhone: "Please enter a valid phone number.",
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  listFailed: "Grievances could not be loaded.",
  grievanceNotFound: "Grievance not found",
  loadingList: "Loading grievances...",
  loadingDetails: "Loading grievance details...",
  noGrievances: "No grievances found",
  noGrievancesHint: "Try adjusting your search criteria or filters.",
  unexpectedError: "Unexpected Application Error!",
  pageNotFound: "Page not found",
  imageHint: "Maximum 5 images, 5MB each. Supported: JPG, PNG, GIF",
} as const;
