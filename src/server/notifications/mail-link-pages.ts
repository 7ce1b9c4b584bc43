/**
 * The small pages behind the links in the messages (confirm a follow, unsubscribe), rendered by the server: they
 * work in any mail client's browser without the web app, and a plain visit only shows a button. Mail scanners
 * open links to check them; an action on GET would confirm or unsubscribe people who never clicked.
 */

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Clean Water &amp; Sanitation Grievance Portal</title>
<link rel="stylesheet" href="/mail-link-page.css">
</head>
<body>
<header class="link-page__header"><a href="/">Clean Water &amp; Sanitation Grievance Portal</a></header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
<p><a href="/">Go to the portal</a></p>
</main>
</body>
</html>
`;
}

/** The page a link opens: what the button will do, and the button (a POST to the same address). */
export function askPage(title: string, explanation: string, button: string): string {
  return page(
    title,
    `<p>${escapeHtml(explanation)}</p>
<form method="post">
<button type="submit">${escapeHtml(button)}</button>
</form>`,
  );
}

export function donePage(title: string, text: string): string {
  return page(title, `<p role="status">${escapeHtml(text)}</p>`);
}

export const LINK_PAGE_TEXTS = {
  notFound: "This link is not valid. Check that the whole link was copied from the message.",
  confirmTitle: (reference: string) => `Follow report ${reference}`,
  confirmAsk: (reference: string) => `Confirm that you want an e-mail whenever report ${reference} changes.`,
  confirmButton: "Confirm the updates",
  confirmed: (reference: string) => `Thank you: you will get an e-mail whenever report ${reference} changes.`,
  unsubscribeTitle: (reference: string) => `Stop e-mails about report ${reference}`,
  unsubscribeAsk: (reference: string) => `You will get no more e-mails about report ${reference}.`,
  unsubscribeButton: "Unsubscribe",
  unsubscribed: (reference: string) => `You are unsubscribed: no more e-mails about report ${reference} will be sent.`,
} as const;
