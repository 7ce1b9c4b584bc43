import { useState } from "react";
import { useRevalidator } from "react-router";
import { pathTo } from "#shared/api-paths.ts";
import { personalDataPaths } from "#shared/privacy/personal-data.ts";
import { apiFetch, errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";

/**
 * The reporter removes their own contact details (docs/decisions/043-erasure-and-access-on-request.md): asked once
 * more, since no message about the report reaches them afterwards; this page keeps working.
 */
export function RemoveContactDetails({ token }: { token: string }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");

  async function remove() {
    setBusy(true);
    setProblem("");
    try {
      await apiFetch(pathTo(personalDataPaths.eraseMine, { token }), { method: "POST" });
      await revalidator.revalidate();
    } catch (error) {
      setProblem(errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="remove-contact" data-testid="remove-contact">
      {asking ? (
        <>
          <p>
            {t(
              "Remove your e-mail address and phone number from this report? You will no longer receive messages about it. This page keeps working.",
            )}
          </p>
          <div className="form-actions">
            <BusySubmitButton
              busy={busy}
              busyLabel={t("Removing...")}
              className="button button--danger-secondary"
              onClick={() => void remove()}
            >
              {t("Yes, remove them")}
            </BusySubmitButton>
            <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
              {t("Cancel")}
            </button>
          </div>
        </>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
          {t("Remove my contact details")}
        </button>
      )}
      <div role="alert" className={problem ? "alert alert--error" : undefined}>
        {problem}
      </div>
    </div>
  );
}
