import { supportReferenceOf } from "./api-request-error.ts";
import { useT } from "./i18n/i18n-context.tsx";

/**
 * Under a failure on the server's side: the request's id, quietly, for a resident who asks for help to quote (the
 * same id is on the server's log lines of that request; docs/operating.md, "Logs"). Nothing for other errors.
 */
export function SupportReference({ error }: { error: unknown }) {
  const t = useT();
  const requestId = supportReferenceOf(error);
  if (!requestId) return null;
  return (
    <p className="support-reference" data-testid="support-reference">
      {t("Reference for support: {requestId}", { requestId })}
    </p>
  );
}
