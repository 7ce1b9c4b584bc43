import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { useAnnounce } from "../../../lib/announcer.tsx";
import { paths } from "../../../lib/paths.ts";
import { QUEUE_CHANGED_EVENT } from "./offline-flag.ts";
import { listQueued, removeQueued, type QueuedReport } from "./offline-queue.ts";
import { sendQueuedReports, type SentReport } from "./offline-sender.ts";
import "../../../styles/offline.css";

/**
 * Above every public page while this browser holds reports saved offline: how many wait, each one sent since (with
 * its reference), and any the server refused (with the reason, and Discard). It sends them when the page opens online
 * and whenever the connection comes back (docs/offline.md).
 */
export function OfflineOutbox() {
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
      setSent((prev) => [...prev, ...done.filter((report) => !prev.some((shown) => shown.submitted.id === report.submitted.id))]);
      announce(done.map((report) => `Your report "${report.title}" was sent. Reference ${report.submitted.reference}.`).join(" "));
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
    <section className="offline-outbox" aria-label="Reports saved on this phone" data-testid="offline-outbox">
      {pending.length > 0 && (
        <p className="offline-outbox__waiting">
          {pending.length === 1
            ? "1 report saved on this phone will be sent when you are back online."
            : `${pending.length} reports saved on this phone will be sent when you are back online.`}
        </p>
      )}
      {sent.map((report) => (
        <p key={report.submitted.id} className="offline-outbox__sent" data-testid="offline-sent">
          Your report “{report.title}” was sent. Reference:{" "}
          <strong className="reference">{report.submitted.reference}</strong>.{" "}
          <Link to={paths.grievance(report.submitted.id)}>View it</Link>
        </p>
      ))}
      {refused.map((report) => (
        <div key={report.key} className="offline-outbox__refused" role="alert">
          <p>
            Your report “{report.values.title}”, saved on this phone, was not accepted: {report.refusal}
          </p>
          <button type="button" className="button button--secondary button--small" onClick={() => void removeQueued(report.key)}>
            Discard it
          </button>
        </div>
      ))}
    </section>
  );
}
