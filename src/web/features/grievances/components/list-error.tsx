import { MESSAGES } from "#shared/messages.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { SupportReference } from "#web/lib/support-reference.tsx";

/** The list could not be loaded (docs/product-decisions.md D3): say so, give the reason and a way to try again. */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="alert alert--error" role="alert" data-testid="list-error">
      <p>
        <strong>{t(MESSAGES.listFailed)}</strong> {translateText(errorMessageOf(error))}
      </p>
      <SupportReference error={error} />
      <button type="button" className="button" onClick={onRetry}>
        {t("Retry")}
      </button>
    </div>
  );
}
