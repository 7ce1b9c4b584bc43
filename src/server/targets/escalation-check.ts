import { recordAudit } from "../admin/audit-log-repository.ts";
import type { Database } from "../db/database.ts";
import { enqueueStaffMessage } from "../notifications/outbox.ts";
import { escalationMessage } from "./escalation-message.ts";
import {
  administratorEmails,
  claimMissedTargets,
  recordEscalationEvent,
  type ClaimedMiss,
} from "./escalation-repository.ts";

/** Missed targets handled per transaction: a backlog after downtime is worked off in short transactions. */
const BATCH = 100;

/**
 * One escalation check at `now` (docs/decisions/030-service-targets-and-escalation.md). In one transaction per
 * batch: each missed target of an open report is recorded (once, ever: escalations' key), its messages queued in the
 * outbox (kind 'escalation', to the team's supervisor and inbox, or to the administrators for a report without a
 * team), an 'escalated' event put on the staff timeline and an entry in the audit log. Either all of that commits or
 * none: a crash before the commit leaves the target to the next check, one after it leaves the messages to the
 * outbox worker, which sends each once. Answers how many targets it escalated.
 */
export async function runEscalationCheck(db: Database, now: Date, linkBase: string): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const claimed = await claimMissedTargets(tx, now, BATCH);
      let admins: string[] | undefined;
      for (const miss of claimed) {
        const recipients = miss.team_id
          ? teamRecipients(miss)
          : (admins ??= await administratorEmails(tx)).map(adminRecipient);
        for (const { email, why } of recipients) {
          await enqueueStaffMessage(tx, {
            grievanceId: miss.grievance_id,
            event: `escalation:${miss.target}`,
            recipient: email,
            message: escalationMessage(miss, why, linkBase),
          });
        }
        await recordEscalationEvent(tx, miss, now);
        await recordAudit(tx, "system", {
          action: "grievance.escalate",
          target: miss.reference,
          details: {
            target: miss.target,
            dueAt: new Date(miss.due_at).toISOString(),
            team: miss.team_name,
            told: recipients.map((r) => r.email),
          },
        });
      }
      return claimed.length;
    });
    total += done;
    if (done < BATCH) return total;
  }
}

interface Recipient {
  email: string;
  why: string;
}

function teamRecipients(miss: ClaimedMiss): Recipient[] {
  const team = miss.team_name ?? "";
  const recipients: Recipient[] = [];
  if (miss.supervisor_email) {
    recipients.push({ email: miss.supervisor_email, why: `You receive this as the supervisor of the team ${team}.` });
  }
  if (miss.team_email)
    recipients.push({ email: miss.team_email, why: `You receive this as the inbox of the team ${team}.` });
  return recipients;
}

const adminRecipient = (email: string): Recipient => ({
  email,
  why: "You receive this as an administrator: the report has no team, so no supervisor or team inbox can be told.",
});
