import { useId, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { msg } from "#shared/i18n/locales.ts";
import type { TechnicianLink } from "#shared/field/field.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { CopyLink } from "#web/lib/copy-link.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { useApiData } from "#web/lib/use-api-data.ts";
import { createTechnicianLink, listTechnicianLinks, revokeTechnicianLink } from "../api/technician-links-api.ts";
import { StaffPanel } from "./staff-panel.tsx";

const STATES: Record<TechnicianLink["state"], string> = {
  active: msg("Active until {time}"),
  expired: msg("Expired {time}"),
  revoked: msg("Revoked {time}"),
  used: msg("Used: job marked fixed {time}"),
};

const stateTime = (link: TechnicianLink) =>
  link.state === "used" ? link.usedAt! : link.state === "revoked" ? link.revokedAt! : link.expiresAt;

/**
 * "Send to a crew" on the report page (docs/decisions/031-technician-links.md): e-mail a technician a one-time link
 * to the job, and the report's links with where each stands, a working one with its Revoke button. Each change
 * reloads the page's data too, so the timeline and the e-mails sent show it.
 */
export function TechnicianLinksPanel({ grievanceId }: { grievanceId: string }) {
  const t = useT();
  const id = useId();
  const revalidator = useRevalidator();
  const [version, setVersion] = useState(0);
  const links = useApiData(`${grievanceId}#${version}`, (key, signal) =>
    listTechnicianLinks(key.slice(0, key.indexOf("#")), signal),
  );
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [sent, setSent] = useState<{ url: string; email: string } | undefined>();

  const changed = () => {
    setVersion((v) => v + 1);
    void revalidator.revalidate();
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError("");
    setSent(undefined);
    createTechnicianLink(grievanceId, email.trim())
      .then((created) => {
        setSent({ url: created.url, email: created.link.email });
        setEmail("");
        changed();
      })
      .catch((failure: unknown) => setError(translateText(errorMessageOf(failure))))
      .finally(() => setBusy(false));
  };
  const revoke = (link: TechnicianLink) => {
    setError("");
    revokeTechnicianLink(grievanceId, link.id)
      .then(changed)
      .catch((failure: unknown) => setError(translateText(errorMessageOf(failure))));
  };

  return (
    <StaffPanel title={t("Send to a crew")} foldOnPhone testId="technician-links">
      <p className="hint">
        {t(
          "The technician gets a link by e-mail that opens this report on their phone for 72 hours, without an account: they can add notes and photos and mark the job fixed.",
        )}
      </p>
      <form noValidate onSubmit={handleSubmit}>
        <Field id={`${id}-email`} label={t("Technician's e-mail address")} mark="required" full>
          {(control) => (
            <input
              type="email"
              autoComplete="off"
              value={email}
              disabled={busy}
              {...control}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <div className="form-feedback">
          <div role="alert" className={error ? "alert alert--error" : undefined}>
            {error}
          </div>
          <div role="status" className={sent ? "alert alert--success" : undefined}>
            {sent && t("The link was sent to {email}.", { email: sent.email })}
          </div>
        </div>
        {sent && <CopyLink url={sent.url} label={t("The link, to pass on another way")} />}
        <div className="form-actions">
          <BusySubmitButton busy={busy} busyLabel={t("Sending...")} className="button">
            {t("Send the link")}
          </BusySubmitButton>
        </div>
      </form>
      {links.state === "loaded" && links.data.items.length > 0 && (
        <ul className="staff-links" data-testid="technician-link-list">
          {links.data.items.map((link) => (
            <li key={link.id} data-testid="technician-link" data-state={link.state}>
              <bdi>{link.email}</bdi>
              {" · "}
              {t(STATES[link.state], { time: formatDateTime(stateTime(link)) })}
              {link.state === "active" && (
                <>
                  {" "}
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => revoke(link)}
                    aria-label={t("Revoke the link sent to {email}", { email: link.email })}
                  >
                    {t("Revoke")}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </StaffPanel>
  );
}
