import type { NotificationKind, StaffNotification } from "#shared/notifications/follow.ts";
import { msg } from "#shared/i18n/locales.ts";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { StaffPanel } from "./staff-panel.tsx";

// Message ids, translated where shown (docs/decisions/019-languages.md).
const KIND_LABELS: Record<NotificationKind, string> = {
  receipt: msg("Receipt to the reporter"),
  confirm: msg("Follow confirmation"),
  update: msg("Update"),
  "team-new-report": msg("New report to the team's inbox"),
  assignment: msg("Assignment"),
  escalation: msg("Missed target"),
  "technician-link": msg("Technician's link"),
};

const STATUS_LABELS = { sent: msg("Sent"), pending: msg("Pending"), failed: msg("Failed") } as const;

/** Written to DATA_DIR/mail because no mail server is configured: nobody received it, so never called "Sent". */
const writtenToFile = (n: StaffNotification) => n.status === "sent" && n.sentVia === "file";

/**
 * The e-mail queued about the report (decision 014): to whom, what, and whether it was sent, written to a file (no
 * mail server), is pending or failed.
 */
export function StaffNotifications({ notifications }: { notifications: StaffNotification[] }) {
  const t = useT();
  const at = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;
  return (
    <StaffPanel title={t("E-mail notifications")} foldOnPhone>
      {notifications.length === 0 ? (
        <p className="muted">{t("No e-mail about this report.")}</p>
      ) : (
        <>
          {notifications.some(writtenToFile) && (
            <p className="muted" data-testid="mail-written-to-files">
              {t(
                "No mail server is configured: messages are written to files in the data folder and nobody receives them.",
              )}
            </p>
          )}
          <ol className="timeline" data-testid="staff-notifications">
            {notifications.map((n) => (
              <li key={n.id} className="timeline__item" data-testid="staff-notification" data-status={n.status}>
                <p className="timeline__title">
                  {withElements(
                    t("{kind} to {recipient}: {status}", {
                      kind: t(KIND_LABELS[n.kind]),
                      recipient: n.recipient,
                      status: slot("status"),
                    }),
                    {
                      status: (
                        <strong>
                          {writtenToFile(n) ? t("Written to a file (no mail server)") : t(STATUS_LABELS[n.status])}
                        </strong>
                      ),
                    },
                  )}
                </p>
                {/* Separate facts, one message each, between dots. */}
                <p className="timeline__meta">
                  {withElements(t("Queued {date}", { date: slot("date") }), { date: at(n.createdAt) })}
                  {n.sentAt && (
                    <>
                      {" · "}
                      {withElements(
                        writtenToFile(n)
                          ? t("written {date}", { date: slot("date") })
                          : t("sent {date}", { date: slot("date") }),
                        { date: at(n.sentAt) },
                      )}
                    </>
                  )}
                  {n.failedAt && (
                    <>
                      {" · "}
                      {withElements(t("given up {date}", { date: slot("date") }), { date: at(n.failedAt) })}
                    </>
                  )}
                  {n.status === "pending" && n.attempts > 0 && n.nextAttemptAt && (
                    <>
                      {" · "}
                      {withElements(
                        t("{attempts, plural, other {# attempt(s)}}, next {date}", {
                          attempts: n.attempts,
                          date: slot("date"),
                        }),
                        { date: at(n.nextAttemptAt) },
                      )}
                    </>
                  )}
                </p>
                <p className="timeline__note">{n.subject}</p>
                {n.lastError && (
                  <p className="timeline__note">
                    <span className="details__meta-label">{t("Last error:")}</span> {n.lastError}
                  </p>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </StaffPanel>
  );
}
