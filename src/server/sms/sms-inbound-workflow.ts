import type { Locale } from "#shared/i18n/locales.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { GrievanceService } from "../grievances/grievance-service.ts";
import { answerFixedQuestion } from "./sms-fixed-answer.ts";
import { parseSms, type ParsedSms } from "./sms-commands.ts";
import {
  endAlertSubscriptions,
  insertInboundSms,
  linkInboundSms,
  markLimitReplied,
  readNumberState,
  startNumber,
  statusByReference,
  statusOfLatestSmsReport,
  stopNumber,
  subscribeToAlerts,
  upsertNumber,
  type InboundHandling,
} from "./sms-inbound-repository.ts";
import { detectLanguage } from "./sms-language.ts";
import { enqueueSms } from "./sms-outbox.ts";
import { noSuchReportText, replyText, statusText } from "./sms-replies.ts";
import { DuplicateSms, OverDailyLimit, submitSmsReport } from "./sms-report.ts";

/**
 * A message from a phone (docs/decisions/037-sms-conversations.md): a command or a report, handled once per gateway
 * id, its reply queued through the SMS outbox in the transaction that stores the message and what it changed. The
 * HTTP answer to the gateway never carries a reply.
 */

export interface InboundSmsDeps {
  db: Database;
  service: GrievanceService;
  /** SMS_REPORTS_PER_NUMBER_PER_DAY. */
  reportsPerDay: number;
  /** PUBLIC_URL: the start of the private link in a receipt, and of followers' e-mail links. */
  linkBase: string;
  /** The portal's clock: the day the limit counts. */
  now: () => Date;
}

export interface InboundSms {
  /** Kannel's %I. */
  gatewayId: string;
  /** The sender, E.164. */
  phone: string;
  text: string;
}

/** What became of the message: how it was handled, or "duplicate" when this gateway id was already taken. */
export type InboundOutcome = InboundHandling | "duplicate";

/** The portal's day (UTC) around an instant. */
export function dayOf(now: Date): { start: Date; end: Date; date: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start, end: new Date(start.getTime() + 86_400_000), date: start.toISOString().slice(0, 10) };
}

export async function receiveSms(deps: InboundSmsDeps, sms: InboundSms): Promise<InboundOutcome> {
  const now = deps.now();
  const day = dayOf(now);
  const state = await readNumberState(deps.db, sms.phone, sms.gatewayId, day);
  if (state.seen) return "duplicate";
  const parsed = parseSms(sms.text);
  // The message's language when it says one, else the number's last (docs/decisions/037).
  const said = parsed.locale ?? detectLanguage(sms.text);
  const locale: Locale = said ?? state.locale ?? "en";
  const context: Context = { deps, sms, parsed, said, locale, now, day };
  try {
    if (parsed.kind !== "report") {
      try {
        return await command(context);
      } catch (error) {
        // "No water since Monday" from a number that was asked nothing: a report, not an answer.
        if (!(error instanceof NotAnAnswer)) throw error;
      }
    }
    return await asReport(context, state.reportsToday);
  } catch (error) {
    if (error instanceof DuplicateSms) return "duplicate";
    throw error;
  }
}

/** A report, unless the number reached its daily limit (before, or meanwhile: then the report rolls back). */
async function asReport(context: Context, reportsToday: number): Promise<InboundOutcome> {
  if (reportsToday >= context.deps.reportsPerDay) return limited(context);
  try {
    return await submitSmsReport(context);
  } catch (error) {
    if (error instanceof OverDailyLimit) return limited(context);
    throw error;
  }
}

export interface Context {
  deps: InboundSmsDeps;
  sms: InboundSms;
  parsed: ParsedSms;
  /** The language the message itself said, if any: kept as the number's. */
  said: Locale | undefined;
  locale: Locale;
  now: Date;
  day: { start: Date; end: Date; date: string };
}

/** Thrown inside a NO's transaction when nothing was asked: rolled back, and the message becomes a report. */
class NotAnAnswer extends Error {}

/**
 * The message stored as `handledAs`, the number's row made or its language updated, then `act` (which returns the
 * reply and the report it is about), and the reply queued, all in one transaction.
 */
async function handle(
  { deps, sms, said, now }: Context,
  handledAs: InboundHandling,
  act: (tx: Queryable) => Promise<{ reply: string | null; grievanceId?: string | null; event?: "stop" }>,
): Promise<InboundOutcome> {
  return deps.db.transaction(async (tx) => {
    const id = await insertInboundSms(tx, {
      phone: sms.phone,
      gatewayId: sms.gatewayId,
      body: sms.text,
      handledAs,
      grievanceId: null,
      at: now,
    });
    if (!id) throw new DuplicateSms();
    await upsertNumber(tx, sms.phone, said);
    const { reply, grievanceId = null, event } = await act(tx);
    if (reply) {
      await enqueueSms(tx, {
        phone: sms.phone,
        grievanceId,
        // A STOP's confirmation is the one message a stopped number gets (docs/product-decisions.md D18; the worker
        // lets "stop:" by).
        event: `${event ?? "reply"}:${id}`,
        kind: "reply",
        body: reply,
        evenIfStopped: event === "stop",
      });
    }
    if (grievanceId) await linkInboundSms(tx, id, grievanceId);
    return handledAs;
  });
}

async function command(context: Context): Promise<InboundOutcome> {
  const { parsed, locale, sms, now, deps } = context;
  switch (parsed.kind) {
    case "status":
      return handle(context, "status", async (tx) => {
        const report = parsed.reference
          ? await statusByReference(tx, parsed.reference, sms.phone)
          : await statusOfLatestSmsReport(tx, sms.phone);
        // Any number may ask about a reference (it is public); only the reporter's own question joins the report's
        // conversation in the console.
        if (report) return { reply: statusText(locale, report), grievanceId: report.own ? report.id : null };
        return {
          reply: parsed.reference ? noSuchReportText(locale, parsed.reference) : replyText(locale, "noReportYet"),
        };
      });
    case "stop":
      if (parsed.alertsOnly) {
        return handle(context, "stop", async (tx) => {
          await endAlertSubscriptions(tx, sms.phone, now);
          return { reply: replyText(locale, "alertsStopped") };
        });
      }
      return handle(context, "stop", async (tx) => {
        const stopped = await stopNumber(tx, sms.phone, now);
        await endAlertSubscriptions(tx, sms.phone, now);
        // One confirmation: a second STOP while stopped is not answered.
        return { reply: stopped ? replyText(locale, "stopped") : null, event: "stop" };
      });
    case "start":
      return handle(context, "start", async (tx) => {
        await startNumber(tx, sms.phone);
        return { reply: replyText(locale, "started") };
      });
    case "help":
      return handle(context, "help", async () => ({ reply: replyText(locale, "help") }));
    case "alerts":
      return handle(context, "alerts", async (tx) => {
        if (!parsed.locality) return { reply: replyText(locale, "alertsNeedPlace") };
        await subscribeToAlerts(tx, sms.phone, parsed.locality, now);
        return { reply: replyText(locale, "alertsOn", { locality: parsed.locality }) };
      });
    case "yes":
    case "no": {
      const words = parsed.kind === "no" ? parsed.note : "";
      return handle(context, parsed.kind, async (tx) => {
        const answered = await answerFixedQuestion(tx, {
          phone: sms.phone,
          answer: parsed.kind,
          words,
          reference: parsed.reference,
          locale,
          mailLinkBase: deps.linkBase,
        });
        if (answered.grievanceId === null && words !== "") throw new NotAnAnswer();
        return { reply: answered.reply, grievanceId: answered.grievanceId };
      });
    }
    case "report":
      throw new Error("a report is not a command");
  }
}

/** Over the daily limit: stored, not a report; one polite reply a day, then silence. */
function limited(context: Context): Promise<InboundOutcome> {
  const { sms, locale, day, deps } = context;
  return handle(context, "limited", async (tx) => {
    const first = await markLimitReplied(tx, sms.phone, day.date);
    return { reply: first ? replyText(locale, "limited", { max: deps.reportsPerDay }) : null };
  });
}
