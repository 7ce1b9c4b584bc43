import type { FastifyReply } from "fastify";
import { directionOf, type Locale } from "#shared/i18n/locales.ts";
import { translatorFor } from "../i18n/server-i18n.ts";

/**
 * The small pages behind the links in the messages (confirm a follow, unsubscribe), rendered by the server: they
 * work in any mail client's browser without the web app, and a plain visit only shows a button. Mail scanners
 * open links to check them; an action on GET would confirm or unsubscribe people who never clicked. Each page is
 * in the language of the request that opens it (docs/decisions/019-languages.md).
 */

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

function page(locale: Locale, title: string, body: string): string {
  const t = translatorFor(locale);
  const portal = escapeHtml(t("Clean Water & Sanitation Grievance Portal"));
  return `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${portal}</title>
<link rel="stylesheet" href="/mail-link-page.css">
</head>
<body>
<header class="link-page__header"><a href="/">${portal}</a></header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
<p><a href="/">${escapeHtml(t("Go to the portal"))}</a></p>
</main>
</body>
</html>
`;
}

/**
 * Answers with one of these pages: never cached, never indexed, no referrer (the address holds the token), in the
 * language of the request that opened it (docs/decisions/019-languages.md).
 */
export function sendLinkPage(reply: FastifyReply, status: number, body: string, locale: Locale): FastifyReply {
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("content-language", locale)
    .header("vary", "Accept-Language, Cookie")
    .header("cache-control", "no-store")
    .header("referrer-policy", "no-referrer")
    .header("x-robots-tag", "noindex")
    .send(body);
}

/** The page a link opens: what the button will do, and the button (a POST to the same address). */
export function askPage(locale: Locale, title: string, explanation: string, button: string): string {
  return page(
    locale,
    title,
    `<p>${escapeHtml(explanation)}</p>
<form method="post">
<button type="submit">${escapeHtml(button)}</button>
</form>`,
  );
}

export function donePage(locale: Locale, title: string, text: string): string {
  return page(locale, title, `<p role="status">${escapeHtml(text)}</p>`);
}

/** The pages' texts in a language. */
export function linkPageTexts(locale: Locale) {
  const t = translatorFor(locale);
  return {
    notFoundTitle: t("Link not valid"),
    notFound: t("This link is not valid. Check that the whole link was copied from the message."),
    confirmTitle: (reference: string) => t("Follow report {reference}", { reference }),
    confirmAsk: (reference: string) =>
      t("Confirm that you want an e-mail whenever report {reference} changes.", { reference }),
    confirmButton: t("Confirm the updates"),
    confirmed: (reference: string) =>
      t("Thank you: you will get an e-mail whenever report {reference} changes.", { reference }),
    unsubscribeTitle: (reference: string) => t("Stop e-mails about report {reference}", { reference }),
    unsubscribeAsk: (reference: string) => t("You will get no more e-mails about report {reference}.", { reference }),
    unsubscribeButton: t("Unsubscribe"),
    unsubscribed: (reference: string) =>
      t("You are unsubscribed: no more e-mails about report {reference} will be sent.", { reference }),
  };
}
