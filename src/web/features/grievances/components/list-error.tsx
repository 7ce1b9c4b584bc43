import { MESSAGES } from "../../../../shared/messages.ts";
import { errorMessageOf } from "../../../lib/api-client.ts";

/** The list could not be loaded (docs/product-decisions.md D3): say so, give the reason and a way to try again. */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="alert alert--error" role="alert" data-testid="list-error">
      <p>
        <strong>{MESSAGES.listFailed}</strong> {errorMessageOf(error)}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
