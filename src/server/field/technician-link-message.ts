import type { Locale } from "#shared/i18n/locales.ts";
import { translatorFor } from "../i18n/server-i18n.ts";
import { oneLine, render, type ComposedMessage } from "../notifications/message-templates.ts";

/**
 * The e-mail that carries a technician's one-time link (docs/decisions/031-technician-links.md). The technician has
 * no account, hence no language of their own on record: the message is in English, as every message to staff is,
 * unless a language is given. The title is the resident's own words: escaped and kept on one line by render().
 */
export function technicianLinkMessage(
  locale: Locale,
  report: { reference: string; title: string },
  link: { url: string; expiresAt: Date },
): ComposedMessage {
  const t = translatorFor(locale);
  const { reference } = report;
  // The same instant for everyone reading it, whatever their time zone: UTC, written out.
  const expires = `${link.expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return render(
    locale,
    "technician-link",
    t("Job {reference}: {title}", { reference, title: oneLine(report.title) }),
    [
      t('You have been sent report {reference}, "{title}", to work on.', {
        reference,
        title: oneLine(report.title, 200),
      }),
      t(
        "The link opens the job on your phone: the report, its place on a map, its photos and notes. You can add notes and photos, and mark the job fixed when it is done. No account is needed.",
      ),
      { link: link.url, label: t("Open the job") },
      t(
        "The link works until {expires} and stops working once the job is marked fixed. Do not forward it: whoever has it can act on the job.",
        { expires },
      ),
    ],
    null,
    t("You receive this because the utility's staff sent job {reference} to this address.", { reference }),
  );
}
