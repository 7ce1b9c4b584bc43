import { useEffect, useState } from "react";
import { STORAGE_READY_MESSAGE_MS } from "#shared/domain.ts";
import { MESSAGES } from "#shared/messages.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { getStorageStatus } from "../api/report.ts";

type StorageState = "checking" | "ready" | "hidden" | "unavailable";

/**
 * The storage check the form runs on load (specification §2): "Storage ready ..." for 3 seconds, or a red
 * error that stays (docs/product-decisions.md D4).
 */
export function StorageNotice() {
  const t = useT();
  const [state, setState] = useState<StorageState>("checking");

  useEffect(() => {
    // Without a connection there is nothing to check: the report will be kept on this device (docs/offline.md).
    if (!navigator.onLine) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    getStorageStatus(controller.signal).then(
      (status) => {
        if (!status.ok) {
          setState("unavailable");
          return;
        }
        setState("ready");
        timer = setTimeout(() => setState("hidden"), STORAGE_READY_MESSAGE_MS);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Storage check failed:", error);
        setState("unavailable");
      },
    );
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, []);

  if (state === "ready") {
    return (
      // A toast over the page, not a line in it: appearing and leaving 3 s later would otherwise push the whole form
      // down and back up (a layout shift a phone user feels, and Lighthouse counts). Shown, not announced: on every
      // visit to the form it would speak over what matters (docs/accessibility.md).
      <p className="alert alert--success toast" data-testid="storage-ready">
        {t(MESSAGES.storageReady)}
      </p>
    );
  }
  if (state === "unavailable") {
    return (
      <p className="alert alert--error" role="alert" data-testid="storage-error">
        {t(MESSAGES.storageUnavailable)}
      </p>
    );
  }
  return null;
}
