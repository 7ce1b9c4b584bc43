import type { NotificationKind, StaffNotification } from "../../../../shared/follow.ts";
import { formatDateTime } from "../../../../shared/format.ts";

const KIND_LABELS: Record<NotificationKind, string> = {
  receipt: "Receipt to the reporter",
  confirm: "Follow confirmation",
  update: "Update",
};

const STATUS_LABELS = { sent: "Sent", pending: "Pending", failed: "Failed" } as const;

/** The e-mail queued about the report (issue 8): to whom, what, and whether it was sent, is pending or failed. */
export function StaffNotifications({ notifications }: { notifications: StaffNotification[] }) {
  return (
    <section className="card staff-panel" aria-labelledby="staff-notifications-heading">
      <h2 id="staff-notifications-heading">E-mail notifications</h2>
      {notifications.length === 0 ? (
        <p className="muted">No e-mail about this report.</p>
      ) : (
        <ol className="timeline" data-testid="staff-notifications">
          {notifications.map((n) => (
            <li key={n.id} className="timeline__item" data-testid="staff-notification" data-status={n.status}>
              <p className="timeline__title">
                {KIND_LABELS[n.kind]} to {n.recipient}: <strong>{STATUS_LABELS[n.status]}</strong>
              </p>
              <p className="timeline__meta">
                Queued <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
                {n.sentAt && (
                  <>
                    {" · sent "}
                    <time dateTime={n.sentAt}>{formatDateTime(n.sentAt)}</time>
                  </>
                )}
                {n.failedAt && (
                  <>
                    {" · given up "}
                    <time dateTime={n.failedAt}>{formatDateTime(n.failedAt)}</time>
                  </>
                )}
                {n.status === "pending" && n.attempts > 0 && n.nextAttemptAt && (
                  <>
                    {` · ${n.attempts} attempt(s), next `}
                    <time dateTime={n.nextAttemptAt}>{formatDateTime(n.nextAttemptAt)}</time>
                  </>
                )}
              </p>
              <p className="timeline__note">{n.subject}</p>
              {n.lastError && (
                <p className="timeline__note">
                  <span className="details__meta-label">Last error:</span> {n.lastError}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
