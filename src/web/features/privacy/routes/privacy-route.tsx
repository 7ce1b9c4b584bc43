import type { Messages } from "@lingui/core";
import { useLoaderData } from "react-router";
import { i18n } from "#web/lib/i18n/i18n.ts";
import { pageTexts, usePageTexts } from "#web/lib/i18n/page-texts.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { fetchPrivacyNotice } from "../api/privacy-notice.ts";
import { ContactLine } from "../components/contact-line.tsx";
import { RetentionTable } from "../components/retention-table.tsx";
import "#web/styles/content.css";
import "./privacy-route.css";

// The notice's texts, one small chunk per language, downloaded by this page only (catalogue "privacy").
const loadTexts = pageTexts(
  import.meta.glob<Messages>("../../../../shared/i18n/catalogues/*/privacy.json", {
    query: "?catalogue",
    import: "default",
  }),
);

/** Before the page renders: its texts in the visitor's language, and the settings it is written from. */
export async function privacyLoader() {
  const [notice] = await Promise.all([fetchPrivacyNotice(), loadTexts(i18n.locale)]);
  return { notice };
}

/**
 * /privacy: the privacy notice (docs/decisions/042-privacy-and-retention.md), written from the settings (GET
 * /api/privacy): who runs the portal and whom to ask, what is collected and why, who sees it, how long each kind is
 * kept, and how to see it or have it erased.
 */
export function PrivacyRoute() {
  const { notice } = useLoaderData<typeof privacyLoader>();
  const t = useT();
  usePageTexts(loadTexts);
  useDocumentTitle(t("Privacy notice"));
  const operator = notice.operator.name;
  return (
    <div className="page page--narrow privacy">
      <h1>{t("Privacy notice")}</h1>
      <p className="page__lead">
        {t(
          "This notice says what personal data this portal keeps, why, who can see it, for how long, and how to see it or have it erased. The periods below are the portal's own settings, so they are the ones in force.",
        )}
      </p>

      <h2>{t("Who is responsible")}</h2>
      <p>
        {operator
          ? t("{operator} runs this portal and is responsible for the personal data it keeps.", { operator })
          : t(
              "The operator named at the foot of every page runs this portal and is responsible for the personal data it keeps.",
            )}
      </p>
      {notice.contact ? (
        <p>
          {t("To ask about your data, to see it or to have it erased, contact:")}{" "}
          <ContactLine contact={notice.contact} />
        </p>
      ) : (
        <p>
          {t(
            "To ask about your data, to see it or to have it erased, contact the operator named at the foot of every page.",
          )}
        </p>
      )}

      <h2>{t("What is collected, and why")}</h2>
      <ul>
        <li>
          {t(
            "Your e-mail address and phone number, if you give them: to send you a receipt and news of your report, and so that staff can ask you about it. Both are optional.",
          )}
        </li>
        <li>
          {t(
            "What you write and the photos you add: so that the problem can be found and fixed. Hidden data in photos, such as where and when they were taken, is removed when they arrive.",
          )}
        </li>
        {notice.sms && (
          <li>
            {t(
              "Your SMS and your phone number, when you report or follow a report by SMS: to answer you and send the updates you asked for.",
            )}
          </li>
        )}
        <li>
          {t(
            "The e-mail address of anyone who follows a report or asks for alerts about an area: to send them what they asked for.",
          )}
        </li>
        <li>
          {t(
            "Your device's network (IP) address: to limit how many reports one connection can send, for about an hour, and in the server's logs for as long as the operator keeps them.",
          )}
        </li>
      </ul>

      <h2>{t("Who can see it")}</h2>
      <ul>
        <li>
          {t(
            "Everyone: your report's title, description, place, category, photos and progress. Never your e-mail address or phone number in full.",
          )}
        </li>
        <li>
          {t(
            "The operator's staff: everything about a report, your contact details included, to deal with it. Each administrative action is recorded.",
          )}
        </li>
        <li>
          {t(
            "The map service that draws the maps sees your device's network address when your browser asks it for map images.",
          )}
        </li>
      </ul>

      <h2>{t("How long it is kept")}</h2>
      <RetentionTable notice={notice} />
      <p>
        {t(
          "A clean-up runs every day and erases what has passed its period. A report's public record stays, and the statistics keep only counts.",
        )}
      </p>

      <h2>{t("Your rights")}</h2>
      <p>
        {t(
          "You may ask to see everything the portal keeps about your e-mail address or phone number: staff find it and send it to you as one file. You may ask for it to be erased before its time: staff erase it and record why.",
        )}
      </p>
      <p>{t("On your report's private page you can remove your own contact details at any time.")}</p>
      <p>{t("You may also complain to the data protection authority of your country.")}</p>
    </div>
  );
}
