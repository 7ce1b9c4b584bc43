import type { Messages } from "@lingui/core";
import { i18n } from "#web/lib/i18n/i18n.ts";
import { pageTexts, usePageTexts } from "#web/lib/i18n/page-texts.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import "#web/styles/content.css";

// The statement's texts, one small chunk per language, downloaded by this page only (catalogue "accessibility").
const loadTexts = pageTexts(
  import.meta.glob<Messages>("../../../../shared/i18n/catalogues/*/accessibility.json", {
    query: "?catalogue",
    import: "default",
  }),
);

/** Before the page renders, its texts in the visitor's language. */
export async function accessibilityLoader(): Promise<null> {
  await loadTexts(i18n.locale);
  return null;
}

/**
 * /accessibility: the accessibility statement, written from what the portal does and what its tests check
 * (docs/accessibility.md); what does not work yet is said as plainly as what does.
 */
export function AccessibilityRoute() {
  const t = useT();
  usePageTexts(loadTexts);
  useDocumentTitle(t("Accessibility statement"));
  return (
    <div className="page page--narrow">
      <h1>{t("Accessibility statement")}</h1>
      <p className="page__lead">
        {t(
          "This portal is for everyone who needs to report a water or sanitation problem, whatever their device, language or assistive technology.",
        )}
      </p>
      <p>
        {t(
          "It aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. It is partly conformant: the automated checks and keyboard tests below pass, but it has not yet been audited by hand against every criterion.",
        )}
      </p>

      <h2>{t("What you can expect")}</h2>
      <ul>
        <li>{t("Every page works with a keyboard alone, and a new page moves the focus to its heading.")}</li>
        <li>
          {t(
            "Each page tells screen readers its language; changing the language keeps your place and what you typed. Arabic reads right to left.",
          )}
        </li>
        <li>
          {t(
            "Every form field has a label. After a refused send, a list of the problems takes the focus, each linked to its field.",
          )}
        </li>
        <li>{t("Text has a contrast of at least 4.5:1 with its background, the operator's colours included.")}</li>
        <li>{t("Pages fit a screen 320 pixels wide, or 400% zoom, without scrolling sideways.")}</li>
        <li>{t("The map is never required: you can describe the place in words.")}</li>
      </ul>

      <h2>{t("How it is checked")}</h2>
      <p>
        {t(
          "With every change, automated checks (axe) run on every screen in all five languages at phone size and at 200% zoom, and scripted keyboard journeys send a report with a photo, correct a refused form and change a report's status. Such checks cannot find every problem.",
        )}
      </p>

      <h2>{t("What does not work yet")}</h2>
      <ul>
        <li>
          {t("A screen reader cannot describe what a map shows; the list of reports gives the same reports as text.")}
        </li>
        <li>{t("Photos that residents send have no descriptions of what they show.")}</li>
        <li>{t("Reports and updates are shown in the language their author wrote them in.")}</li>
        <li>{t("The portal has not yet been tested with disabled residents or audited by an independent expert.")}</li>
      </ul>

      <h2>{t("Tell us about a problem")}</h2>
      <p>
        {t(
          "If part of this portal is hard for you to use, please tell the operator named at the foot of this page, or send a report through the form. Say which page, and what happened.",
        )}
      </p>
      <p>{t("This statement was written in November 2026.")}</p>
    </div>
  );
}
