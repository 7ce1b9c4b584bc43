import { lazy, Suspense, useEffect, useState } from "react";
import { hasQueuedReportsHint, QUEUE_CHANGED_EVENT } from "../api/offline-flag.ts";

const OfflineOutbox = lazy(async () => ({ default: (await import("./offline-outbox.tsx")).OfflineOutbox }));

/**
 * The outbox, downloaded only by a browser that holds reports saved offline (a flag in localStorage, read without
 * waiting), or once one is saved: everyone else's first load carries none of it.
 */
export function OfflineOutboxSlot() {
  const [wanted, setWanted] = useState(hasQueuedReportsHint);
  useEffect(() => {
    const onChange = () => setWanted(true);
    window.addEventListener(QUEUE_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(QUEUE_CHANGED_EVENT, onChange);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OfflineOutbox />
    </Suspense>
  );
}
