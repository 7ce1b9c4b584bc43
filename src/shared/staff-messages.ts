/** Texts of the staff console and its API; the browser shows the API's `message` as is. */
export const STAFF_MESSAGES = {
  signInRequired: "Please sign in to continue.",
  adminRequired: "Only administrators can do this.",
  // One message for wrong e-mail, wrong password and disabled account: no hint which one was wrong.
  signInFailed: "Incorrect email or password.",
  signInMissing: "Please enter your email and password.",
  signInThrottled: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  crossSite: "This request was refused because it did not come from the portal's own pages.",
  notFound: "Grievance not found",
  noteRequiredToResolve: "Please add a public note explaining how the report was resolved.",
  noteTooLong: (max: number) => `The note must be at most ${max} characters.`,
  reasonRequired: "Please give a reason for hiding this report.",
  reasonTooLong: (max: number) => `The reason must be at most ${max} characters.`,
  invalidStatus: "Please choose a status from the list.",
  sameStatus: (label: string) => `This report is already ${label}.`,
  forbiddenTransition: (from: string, to: string) => `A report cannot be moved from ${from} to ${to}.`,
  alreadyHidden: "This report is already hidden.",
  notHidden: "This report is not hidden.",
  // Reporter updates (docs/decisions/015-reporter-actions.md).
  updateNotFound: "This update was not found on this report.",
  updateReasonRequired: "Please give a reason for hiding this update.",
  updateAlreadyHidden: "This update is already hidden.",
  unexpected: "Something went wrong. Please try again.",
} as const;
