import type { NotificationKind, NotificationStatus, StaffNotification } from "#shared/notifications/follow.ts";
import type { Queryable } from "../db/database.ts";
import { RETENTION_MARKER } from "../privacy/retention-marker.ts";

/** The messages queued about one report, oldest first, as staff see them (outbox_grievance_created_idx). */
export async function notificationsOf(db: Queryable, grievanceId: string): Promise<StaffNotification[]> {
  const { rows } = await db.query<{
    id: string;
    kind: NotificationKind;
    recipient: string;
    subject: string;
    created_at: Date;
    attempts: number;
    sent_at: Date | null;
    sent_via: "smtp" | "file" | null;
    failed_at: Date | null;
    next_attempt_at: Date;
    last_error: string | null;
  }>(
    // A recipient erased by the retention run (docs/decisions/042-privacy-and-retention.md) reads as its marker.
    `SELECT id::text, kind, coalesce(recipient, $2) AS recipient, subject, created_at, attempts, sent_at, sent_via,
            failed_at, next_attempt_at, last_error
     FROM outbox WHERE grievance_id = $1 ORDER BY created_at, id`,
    [grievanceId, RETENTION_MARKER],
  );
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
  return rows.map((row) => {
    const status: NotificationStatus = row.sent_at ? "sent" : row.failed_at ? "failed" : "pending";
    return {
      id: row.id,
      kind: row.kind,
      recipient: row.recipient,
      subject: row.subject,
      status,
      createdAt: iso(row.created_at) as string,
      attempts: row.attempts,
      sentAt: iso(row.sent_at),
      sentVia: row.sent_at ? row.sent_via : null,
      failedAt: iso(row.failed_at),
      nextAttemptAt: status === "pending" ? iso(row.next_attempt_at) : null,
      lastError: row.last_error,
    };
  });
}
