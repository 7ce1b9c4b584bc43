import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test, type Page } from "@playwright/test";
import { spawnPortal } from "../support/portal-process.ts";
import {
  linksIn,
  parseMail,
  startTestSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from "../support/smtp-test-server.ts";
import { expect, expectNoAxeViolations, uniqueTitle } from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// E-mail (decision 014): a real SMTP server runs in this test process (smtp-server on a loopback port) and the portal,
// started as `npm start` starts it, sends to it through SMTP_URL. The test follows a report from the submit to
// unsubscribing, clicking the links in the messages it receives. Like staff.spec.ts it runs a portal of its own:
// the staff account is created before the portal opens the embedded database.

const STAFF_EMAIL = "operator@utility.example";
const STAFF_PASSWORD = "correct horse battery staple";
const REPORTER = "amina@example.org";
const FOLLOWER = "neighbour@example.net";

let portal: RunningPortal;
let smtp: TestSmtpServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  smtp = await startTestSmtpServer();
  const dataDir = dataDirWithStaff("portal-e2e-mail-", STAFF_EMAIL, STAFF_PASSWORD);
  portal = await startPortal({ SMTP_URL: smtp.url, MAIL_FROM: "Water Portal <portal@water.example>" }, dataDir);
});

test.afterAll(async () => {
  await portal?.stop();
  await smtp?.close();
});

const at = (pathname: string) => `${portal.url}${pathname}`;
const to = (address: string, subject: RegExp | string) => (mail: ReceivedMail) =>
  mail.to.includes(address) && (typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject));

async function changeStatus(page: Page, label: string, note: string) {
  await page.getByLabel("New status").selectOption({ label });
  await page.getByLabel("Public note").fill(note);
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Status changed to ${label}.` })).toBeVisible();
}

test("submit, receipt, follow, confirm, status changes, still a problem, unsubscribe", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const title = uniqueTitle("Burst main");

  // The reporter submits with an e-mail address.
  await page.goto(at("/submit-grievance"));
  await page.getByLabel("Issue Title*").fill(title);
  await page.getByLabel("Category*").selectOption("Leakage Issues");
  await page.getByLabel("Detailed Description*").fill("Water is gushing out of the road by the market.");
  await page.getByLabel("Email Address").fill(REPORTER);
  await page.getByRole("button", { name: "Submit Grievance" }).click();
  const reference = ((await page.getByTestId("submitted-reference").textContent()) ?? "").trim();
  expect(reference).toMatch(/^WS-[2-9A-HJ-NP-Z]{6}$/);

  // The receipt: the reference in the subject, the private link, which opens the report.
  const receipt = await smtp.waitFor(to(REPORTER, `Report ${reference} received: ${title}`));
  expect(receipt.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const [trackingUrl] = linksIn(receipt, "/track/");
  expect(trackingUrl).toMatch(new RegExp(`^${portal.url}/track/[A-Za-z0-9_-]{32}$`));
  await page.goto(trackingUrl!);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // A neighbour follows it from the public page.
  const search = await page.request.get(at(`/api/grievances?q=${encodeURIComponent(reference)}`));
  const id = ((await search.json()) as { items: { id: string }[] }).items[0]!.id;
  // A browser context of their own: another person, and axe-core needs a page made by a context.
  const neighbourContext = await browser.newContext();
  const neighbour = await neighbourContext.newPage();
  await neighbour.goto(at(`/grievance/${id}`));
  const form = neighbour.getByTestId("follow-form");
  await expect(form.getByRole("heading", { name: "Follow this report" })).toBeVisible();
  await form.getByRole("button", { name: "Follow" }).click();
  await expect(form.getByRole("alert")).toHaveText("Please enter a valid email address.");
  await form.getByLabel("Your e-mail").fill(FOLLOWER);
  await form.getByRole("button", { name: "Follow" }).click();
  await expect(form.getByRole("status")).toContainText("we have sent it an e-mail with a link to confirm");
  await expectNoAxeViolations(neighbour);

  // The confirmation message; its link shows a button, which confirms.
  const confirmation = await smtp.waitFor(to(FOLLOWER, `Confirm updates on report ${reference}`));
  const [confirmUrl] = linksIn(confirmation, "/follow/confirm/");
  await neighbour.goto(confirmUrl!);
  await neighbour.getByRole("button", { name: "Confirm the updates" }).click();
  await expect(neighbour.getByRole("status")).toContainText(
    `you will get an e-mail whenever report ${reference} changes`,
  );

  // Staff move the report on with a public note.
  await page.goto(at(`/staff/grievances/${id}`));
  await page.getByLabel("Email").fill(STAFF_EMAIL);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await changeStatus(page, "In progress", "A repair crew is on its way.");

  // The update reaches the follower (public link) and the reporter.
  const update = await smtp.waitFor(to(FOLLOWER, `Report ${reference}: status changed from Pending to In progress`));
  expect(update.decoded).toContain("Note: A repair crew is on its way.");
  expect(linksIn(update, "/grievance/")).toEqual([at(`/grievance/${id}`)]);
  await smtp.waitFor(to(REPORTER, `Report ${reference}: status changed from Pending to In progress`));

  // Staff see the notifications on the report.
  await page.reload();
  const notifications = page.getByTestId("staff-notification");
  await expect(notifications).toHaveCount(4);
  await expect(page.getByTestId("staff-notifications")).toContainText(`Follow confirmation to ${FOLLOWER}: Sent`);

  // Staff resolve it; the reporter answers "Is it fixed?" on their private page: no, it is still a problem.
  await changeStatus(page, "Resolved", "The main was repaired.");
  await smtp.waitFor(to(FOLLOWER, `Report ${reference}: status changed from In progress to Resolved`));
  const reporterContext = await browser.newContext();
  const reporter = await reporterContext.newPage();
  await reporter.goto(trackingUrl!);
  const question = reporter.getByTestId("fixed-question");
  await question.getByRole("button", { name: "No, it is still a problem" }).click();
  await question.getByLabel("What is still wrong?").fill("Water still bubbles up next to the repair.");
  await question.getByRole("button", { name: "Send: still a problem" }).click();
  await expect(question.getByRole("status")).toContainText("The report is in progress again");
  const reopened = await smtp.waitFor(
    to(
      FOLLOWER,
      `Report ${reference}: the reporter says it is still a problem: status changed from Resolved to In progress`,
    ),
  );
  expect(reopened.decoded).toContain("Note: Water still bubbles up next to the repair.");
  await reporterContext.close();

  // The follower unsubscribes through the link in that message.
  const [unsubscribeUrl] = linksIn(reopened, "/unsubscribe/");
  await neighbour.goto(unsubscribeUrl!);
  await neighbour.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(neighbour.getByRole("status")).toContainText(`no more e-mails about report ${reference} will be sent`);

  // The next change reaches the reporter only.
  await page.reload();
  await changeStatus(page, "Resolved", "The leak next to the repair was sealed.");
  await smtp.waitFor(to(REPORTER, `Report ${reference}: status changed from In progress to Resolved`));
  await expect.poll(() => smtp.received.filter(to(REPORTER, /Resolved$/)).length).toBe(2);
  expect(smtp.received.filter(to(FOLLOWER, /Resolved$/))).toHaveLength(1);
  await neighbourContext.close();
});

test("without SMTP_URL the messages are .eml files in DATA_DIR/mail, and their links work", async ({ browser }) => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-eml-"));
  const folderPortal = await spawnPortal({ dataDir });
  const context = await browser.newContext();
  try {
    // The start-up log says where the mail goes.
    expect(folderPortal.output()).toContain("SMTP_URL is not set: e-mail is not sent but written as .eml files to");
    const mailDir = path.join(dataDir, "mail");
    const mailTo = async (address: string, subject: RegExp) => {
      let found: ReceivedMail | undefined;
      await expect
        .poll(
          () => {
            const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith(".eml")) : [];
            found = files
              .map((f) => parseMail(fs.readFileSync(path.join(mailDir, f), "utf8")))
              .find((m) => m.headers.to === address && subject.test(m.subject));
            return Boolean(found);
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      return found as ReceivedMail;
    };

    const page = await context.newPage();
    const title = uniqueTitle("No water at the kiosk");
    await page.goto(`${folderPortal.url}/submit-grievance`);
    await page.getByLabel("Issue Title*").fill(title);
    await page.getByLabel("Category*").selectOption("Water Supply Problems");
    await page.getByLabel("Detailed Description*").fill("The kiosk has had no water for three days.");
    await page.getByLabel("Email Address").fill(REPORTER);
    await page.getByRole("button", { name: "Submit Grievance" }).click();
    const reference = ((await page.getByTestId("submitted-reference").textContent()) ?? "").trim();

    const receipt = await mailTo(REPORTER, new RegExp(`^Report ${reference} received`));
    expect(receipt.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    await page.goto(linksIn(receipt, "/track/")[0]!);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    const search = await page.request.get(`${folderPortal.url}/api/grievances?q=${encodeURIComponent(reference)}`);
    const id = ((await search.json()) as { items: { id: string }[] }).items[0]!.id;
    await page.goto(`${folderPortal.url}/grievance/${id}`);
    await page.getByLabel("Your e-mail").fill(FOLLOWER);
    await page.getByRole("button", { name: "Follow" }).click();
    await expect(page.getByTestId("follow-done")).toContainText("link to confirm");

    const confirmation = await mailTo(FOLLOWER, new RegExp(`^Confirm updates on report ${reference}$`));
    await page.goto(linksIn(confirmation, "/follow/confirm/")[0]!);
    await page.getByRole("button", { name: "Confirm the updates" }).click();
    await expect(page.getByRole("status")).toContainText(`whenever report ${reference} changes`);

    // The reporter unsubscribes through the receipt's link.
    await page.goto(linksIn(receipt, "/unsubscribe/")[0]!);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("status")).toContainText(`no more e-mails about report ${reference} will be sent`);
  } finally {
    await context.close();
    await folderPortal.stop();
  }
});
