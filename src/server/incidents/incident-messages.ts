import { englishText } from "#shared/i18n/english-text.ts";
import { msg } from "#shared/i18n/locales.ts";

/** The incidents API's refusals: English message ids, translated on the way out (docs/decisions/019-languages.md). */
export const INCIDENT_MESSAGES = {
  notFound: msg("Incident not found."),
  closedNoUpdates: msg("This incident is closed: it takes no more updates."),
  alreadyClosed: msg("This incident is already closed."),
  // A resolving note is at most NOTE_MAX_LENGTH (grievance_events.note); the final message may be longer.
  finalMessageTooLongForReports: (max: number) =>
    englishText(
      msg(
        "The final message becomes each linked report's public note, which holds at most {max} characters: shorten it, or close without resolving the reports.",
      ),
      { max },
    ),
  reportsNotFound: msg("Some of these reports were not found: nothing was linked."),
  reportsLinkedElsewhere: msg("Some of these reports already belong to another incident: nothing was linked."),
  affectedClosed: msg(
    "This incident is over, so there is nothing more to count. If you still have a problem, please send a report.",
  ),
} as const;
