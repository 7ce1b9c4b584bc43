import { englishText } from "../i18n/english-text.ts";
import { msg } from "../i18n/locales.ts";

/**
 * Texts of the staff console and its API: English message ids, translated where they are shown (the server
 * translates an error answer's `message`); a message with values is a template filled in English
 * (docs/decisions/019-languages.md).
 */
export const STAFF_MESSAGES = {
  signInRequired: msg("Please sign in to continue."),
  adminRequired: msg("Only administrators can do this."),
  // One message for wrong e-mail, wrong password and disabled account: no hint which one was wrong.
  signInFailed: msg("Incorrect email or password."),
  signInMissing: msg("Please enter your email and password."),
  // Two templates rather than an ICU plural: a translation finds the value back by matching a simple template.
  signInThrottled: (minutes: number) =>
    englishText(
      minutes === 1
        ? msg("Too many failed sign-in attempts. Please try again in {minutes} minute.")
        : msg("Too many failed sign-in attempts. Please try again in {minutes} minutes."),
      { minutes },
    ),
  crossSite: msg("This request was refused because it did not come from the portal's own pages."),
  notFound: msg("Grievance not found"),
  noteRequiredToResolve: msg("Please add a public note explaining how the report was resolved."),
  noteTooLong: (max: number) => englishText(msg("The note must be at most {max} characters."), { max }),
  reasonRequired: msg("Please give a reason for hiding this report."),
  reasonTooLong: (max: number) => englishText(msg("The reason must be at most {max} characters."), { max }),
  invalidStatus: msg("Please choose a status from the list."),
  // `label`, `from` and `to` are status labels (format.ts), message ids themselves: translated with the sentence.
  sameStatus: (label: string) => englishText(msg("This report is already {label}."), { label }),
  forbiddenTransition: (from: string, to: string) =>
    englishText(msg("A report cannot be moved from {from} to {to}."), { from, to }),
  alreadyHidden: msg("This report is already hidden."),
  notHidden: msg("This report is not hidden."),
  // Reporter updates (docs/decisions/015-reporter-actions.md).
  updateNotFound: msg("This update was not found on this report."),
  updateReasonRequired: msg("Please give a reason for hiding this update."),
  updateAlreadyHidden: msg("This update is already hidden."),
  unexpected: msg("Something went wrong. Please try again."),
} as const;
