import { useEffect, useState } from "react";
import { SMS_UPDATES_MESSAGES } from "#shared/grievances/grievance-schema.ts";
import { describedBy } from "#web/lib/form-field.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { loadMapSettings } from "#web/lib/map/map-settings-api.ts";
import "./sms-updates-field.css";

/** Whether SMS is set up, from the settings the form's map reads anyway (asked once per page); off until known. */
export function useSmsOffered(): boolean {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    let live = true;
    loadMapSettings()
      .then((settings) => live && setOffered(settings.sms))
      // Without the settings the form is what it was before SMS: nothing to offer.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return offered;
}

/**
 * "Send me updates by SMS" (docs/product-decisions.md D18), under the phone number, when SMS is set up: a checkbox that
 * can be ticked once a phone number is written (a hint says so until then), sent as `sms_updates`. Updates then go to
 * the phone by SMS, and STOP ends them.
 */
export function SmsUpdatesField({
  id,
  checked,
  hasPhone,
  disabled,
  onChange,
}: {
  id: string;
  checked: boolean;
  hasPhone: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const t = useT();
  const hintId = `${id}-hint`;
  return (
    <div className="field field--full sms-updates" data-testid="sms-updates">
      <label className="sms-updates__label" htmlFor={id}>
        <input
          type="checkbox"
          id={id}
          name="sms_updates"
          value="true"
          checked={checked && hasPhone}
          disabled={disabled || !hasPhone}
          aria-describedby={describedBy(hintId)}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{t(SMS_UPDATES_MESSAGES.label)}</span>
      </label>
      <p className="hint" id={hintId}>
        {hasPhone
          ? t("Each change to your report is sent to your phone by SMS. Reply STOP to end them.")
          : t("Give a phone number above to receive updates by SMS.")}
      </p>
    </div>
  );
}
