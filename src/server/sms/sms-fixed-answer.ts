import { fixedAnswerProblem, fixedAnswerSchema, REPORTER_MESSAGES } from "#shared/tracking/reporter-actions.ts";
import { msg, type Locale } from "#shared/i18n/locales.ts";
import type { Queryable } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { translateFor, translatorFor } from "../i18n/server-i18n.ts";
import { notify } from "../delivery/index.ts";
import { answerFixedQuestionIn } from "../tracking/reporter-workflow.ts";
import { askedResolvedReportOf } from "./sms-update-repository.ts";

/**
 * "Is it fixed? Reply YES, or NO and what is still wrong" answered by SMS (docs/decisions/038-sms-updates.md): the
 * private page's answer (src/server/tracking/reporter-workflow.ts), the same rules and records, for the number's
 * latest resolved report that was asked (sms-updates.ts). NO reopens it with the sender's words as its public note
 * and tells its followers as the page does; YES is recorded as the page's "Yes" is. The inbound dispatcher parses
 * the command and queues the reply this returns, in its own transaction.
 */

export interface FixedAnswerBySms {
  /** The sender, E.164. */
  phone: string;
  answer: "yes" | "no";
  /** What followed NO (the command word left out): what is still wrong, the reopen's public note. Ignored for YES. */
  words: string;
  /** The report named after the word (NO WS-7K3M9P …), when the sender named one: else their latest asked. */
  reference?: string | undefined;
  /** The language of the reply: the message's, else the number's. */
  locale: Locale;
  /** PUBLIC_URL: where the links in the followers' e-mails start (http/public-links.ts). */
  mailLinkBase: string;
}

export interface FixedAnswerReply {
  /** The report answered, or null when there was none to answer (the reply says so). */
  grievanceId: string | null;
  /** What happened: recorded (YES), reopened (NO), or nothing (no report asked, words missing, already answered). */
  outcome: "confirmed" | "reopened" | "nothing";
  /** The reply's text, in `locale`, within three parts. */
  reply: string;
}

export const FIXED_ANSWER_REPLIES = {
  confirmed: msg("Thank you: we recorded that report {reference} is fixed."),
  alreadyConfirmed: msg("You already told us report {reference} is fixed. Thank you."),
  reopened: msg(
    "Report {reference} is reopened with your words and is In progress again. We will send you its updates.",
  ),
  wordsRequired: msg("Please reply NO and what is still wrong, for example: NO still no water at the tap"),
  nothingAsked: msg(
    "We have no resolved report of yours waiting for an answer. To report a problem, describe it in a message. Send HELP for help.",
  ),
  notResolved: msg(
    "Report {reference} is not resolved any more: staff are on it. Send STATUS {reference} for its status.",
  ),
} as const;

export async function answerFixedQuestion(tx: Queryable, sms: FixedAnswerBySms): Promise<FixedAnswerReply> {
  const t = translatorFor(sms.locale);
  const report = await askedResolvedReportOf(tx, sms.phone, sms.reference);
  if (!report) return { grievanceId: null, outcome: "nothing", reply: t(FIXED_ANSWER_REPLIES.nothingAsked) };
  const reference = report.reference;
  const nothing = (text: string) => ({ grievanceId: report.id, outcome: "nothing" as const, reply: text });

  const input = sms.answer === "yes" ? { fixed: true } : { fixed: false, note: sms.words };
  // The page's own check and messages: a NO needs words, at most as long as a staff member's note.
  const parsed = fixedAnswerSchema.safeParse(input);
  if (!parsed.success) {
    const message = fixedAnswerProblem(input)?.message ?? REPORTER_MESSAGES.noteRequired;
    return nothing(
      message === REPORTER_MESSAGES.noteRequired
        ? t(FIXED_ANSWER_REPLIES.wordsRequired)
        : translateFor(sms.locale, message),
    );
  }
  try {
    await answerFixedQuestionIn(tx, { id: report.id }, parsed.data, async (inner, reopen) => {
      // As the private page's "No": the other followers told by e-mail; the reporter is the one writing.
      await notify(inner, {
        kind: "reopened-by-reporter",
        ...reopen,
        reporterEmail: report.user_email,
        via: "sms",
        linkBase: sms.mailLinkBase,
      });
    });
  } catch (error) {
    // Refused before anything was written: the caller's transaction goes on to queue the reply.
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    // Hidden meanwhile: as if nothing were asked.
    if (error.statusCode === 404) return { ...nothing(t(FIXED_ANSWER_REPLIES.nothingAsked)), grievanceId: null };
    if (error.message === REPORTER_MESSAGES.alreadyConfirmed)
      return nothing(t(FIXED_ANSWER_REPLIES.alreadyConfirmed, { reference }));
    return nothing(t(FIXED_ANSWER_REPLIES.notResolved, { reference }));
  }
  return parsed.data.fixed
    ? { grievanceId: report.id, outcome: "confirmed", reply: t(FIXED_ANSWER_REPLIES.confirmed, { reference }) }
    : { grievanceId: report.id, outcome: "reopened", reply: t(FIXED_ANSWER_REPLIES.reopened, { reference }) };
}
