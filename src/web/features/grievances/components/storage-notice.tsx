import { useEffect, useState } from "react";
import { STORAGE_READY_MESSAGE_MS } from "#shared/domain.ts";
import { MESSAGES } from "#shared/messages.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { useApiData } from "#web/lib/use-api-data.ts";
import { getStorageStatus } from "../api/report.ts";

/**
 * The storage check the form runs on load (specification §2): "Storage ready ..." for 3 seconds, or a red
 * error that stays (docs/product-decisions.md D4).
 */
export function StorageNotice() {
  const t = useT();
  // Without a connection there is nothing to check: the report will be kept on this device (docs/offline.md).
  const [online] = useState(() => navigator.onLine);
  const check = useApiData(online ? "storage" : undefined, (_key, signal) => getStorageStatus(signal), {
    what: "Storage check",
  });
  const ready = check.state === "loaded" && check.data.ok;
  const [shownLongEnough, setShownLongEnough] = useState(false);
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setShownLongEnough(true), STORAGE_READY_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [ready]);
  const unavailable = check.state === "failed" || (check.state === "loaded" && !check.data.ok);

  if (ready && !shownLongEnough) {
    return (
      // A toast over the page, not a line in it: appearing and leaving 3 s later would otherwise push the whole form
      // down and back up (a layout shift a phone user feels, and Lighthouse counts). It sits just above the form's
      // card, over the page's heading, where it covers no field (notices.css). Shown, not announced: on every visit
      // to the form it would speak over what matters (docs/accessibility.md).
      <p className="alert alert--success toast" data-testid="storage-ready">
        {t(MESSAGES.storageReady)}
      </p>
    );
  }
  if (unavailable) {
    return (
      <p className="alert alert--error" role="alert" data-testid="storage-error">
        {t(MESSAGES.storageUnavailable)}
      </p>
    );
  }
  return null;
}
