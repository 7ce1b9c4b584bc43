import type { PrivacyNotice } from "#shared/api-schemas/privacy.ts";
import { msg } from "#shared/i18n/locales.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";

type Periods = PrivacyNotice["retention"];

/** Each kind of personal data, the setting that keeps it and from when its period counts. */
const ROWS: { what: string; days: keyof Periods; from: string; smsOnly?: true }[] = [
  {
    what: msg("E-mail address and phone number of the person who reported"),
    days: "contactDays",
    from: msg("the report's resolution"),
  },
  {
    what: msg("Follows of a report, and alert subscriptions that ended or were never confirmed"),
    days: "followersDays",
    from: msg("the report's resolution, the end of the subscription or the request"),
  },
  {
    what: msg("Text and photos of a report that staff hid"),
    days: "hiddenDays",
    from: msg("the moment it was hidden"),
  },
  {
    what: msg("Text and photos of an update that staff hid"),
    days: "hiddenUpdatesDays",
    from: msg("the moment it was hidden"),
  },
  {
    what: msg("Phone numbers and texts of SMS"),
    days: "smsDays",
    from: msg("the message; kept while its report is open"),
    smsOnly: true,
  },
  { what: msg("The address each e-mail was sent to"), days: "emailDays", from: msg("the moment it was sent") },
  {
    what: msg("The record of staff and administrators' actions (audit log)"),
    days: "auditDays",
    from: msg("the action"),
  },
];

/** How long each kind is kept, as the RETENTION_… settings say (docs/decisions/042-privacy-and-retention.md). */
export function RetentionTable({ notice }: { notice: PrivacyNotice }) {
  const t = useT();
  const period = (days: number) =>
    days === 0 ? t("Until the next daily clean-up") : t("{days, plural, one {# day} other {# days}}", { days });
  return (
    <div className="privacy__table-wrap">
      {/* The roles keep it a table for screen readers where a phone's layout makes its rows blocks. */}
      <table className="privacy__table" role="table">
        <caption>{t("How long each kind of personal data is kept")}</caption>
        <thead>
          <tr role="row">
            <th scope="col" role="columnheader">
              {t("Personal data")}
            </th>
            <th scope="col" role="columnheader" className="privacy__period">
              {t("Kept for")}
            </th>
            <th scope="col" role="columnheader">
              {t("Counted from")}
            </th>
          </tr>
        </thead>
        <tbody>
          {ROWS.filter((row) => !row.smsOnly || notice.sms).map((row) => (
            <tr key={row.days} role="row">
              <th scope="row" role="rowheader">
                {t(row.what)}
              </th>
              <td
                role="cell"
                className="privacy__period"
                data-days={notice.retention[row.days]}
                data-label={t("Kept for")}
              >
                {period(notice.retention[row.days])}
              </td>
              <td role="cell" data-label={t("Counted from")}>
                {t(row.from)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
