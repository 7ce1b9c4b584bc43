import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { msg } from "#shared/i18n/locales.ts";
import { useAnnounce } from "#web/lib/announcer.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { t as translate } from "#web/lib/i18n/i18n.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { paths } from "#web/lib/paths.ts";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { QUEUE_CHANGED_EVENT } from "../api/offline-flag.ts";
import { listQueued, removeQueued, type QueuedReport } from "../api/offline-queue.ts";
import { sendQueuedReports, type SentReport } from "../api/offline-sender.ts";
import "#web/styles/offline.css";

// Said through the live region, in the language active when the report goes (not a dependency of the sending, so
// a change of language sends nothing).
const SENT_ANNOUNCEMENT = msg('Your report "{title}" was sent. Reference {reference}.');

/**
 * Above every public page while this browser holds reports saved offline: how many wait, each one sent since (with
 * its reference), and any the server refused (with the reason, and Discard). It sends them when the page opens online
 * and whenever the connection comes back (docs/offline.md).
 */
export function OfflineOutbox() {
  const t = useT();
  const announce = useAnnounce();
  const [waiting, setWaiting] = useState<QueuedReport[]>([]);
  const [sent, setSent] = useState<SentReport[]>([]);

  const refresh = useCallback(() => {
    void listQueued().then(setWaiting, () => setWaiting([]));
  }, []);

  const send = useCallback(() => {
    if (!navigator.onLine) return;
    void sendQueuedReports().then((done) => {
      if (done.length === 0) return;
      // Two "online" events during one run share its result (offline-sender.ts): each report is shown once.
      setSent((prev) => [
        ...prev,
        ...done.filter((report) => !prev.some((shown) => shown.submitted.id === report.submitted.id)),
      ]);
      announce(
        done
          .map((report) => translate(SENT_ANNOUNCEMENT, { title: report.title, reference: report.submitted.reference }))
          .join(" "),
      );
    });
  }, [announce]);

  useEffect(() => {
    refresh();
    send();
    window.addEventListener(QUEUE_CHANGED_EVENT, refresh);
    window.addEventListener("online", send);
    return () => {
      window.removeEventListener(QUEUE_CHANGED_EVENT, refresh);
      window.removeEventListener("online", send);
    };
  }, [refresh, send]);

  const pending = waiting.filter((report) => !report.refusal);
  const refused = waiting.filter((report) => report.refusal);
  if (pending.length === 0 && refused.length === 0 && sent.length === 0) return null;

  return (
    <section className="offline-outbox" aria-label={t("Reports saved on this phone")} data-testid="offline-outbox">
      {pending.length > 0 && (
        <p className="offline-outbox__waiting">
          {t(
            "{count, plural, one {# report saved on this phone will be sent when you are back online.} other {# reports saved on this phone will be sent when you are back online.}}",
            { count: pending.length },
          )}
        </p>
      )}
      {sent.map((report) => (
        <p key={report.submitted.id} className="offline-outbox__sent" data-testid="offline-sent">
          {withElements(
            t("Your report “{title}” was sent. Reference: {reference}.", {
              title: report.title,
              reference: slot("reference"),
            }),
            {
              reference: <strong className="reference">{report.submitted.reference}</strong>,
            },
          )}{" "}
          <Link to={paths.grievance(report.submitted.id)}>{t("View it")}</Link>
        </p>
      ))}
      {refused.map((report) => (
        <div key={report.key} className="offline-outbox__refused" role="alert">
          <p>
            {t("Your report “{title}”, saved on this phone, was not accepted: {reason}", {
              title: report.values.title,
              // The server's reason, in the language it was refused in; the portal's own words in today's.
              reason: translateText(report.refusal ?? ""),
            })}
          </p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void removeQueued(report.key)}
          >
            {t("Discard it")}
          </button>
        </div>
      ))}
    </section>
  );
}
