import { describe, expect, it } from "vitest";
import type { AdminCategoryView } from "#shared/categories/category-schemas.ts";
import type { TrackedGrievance } from "#shared/tracking/tracking.ts";
import { adminAndStaffClients, HOST } from "./staff/staff-helpers.ts";
import {
  advanceDays,
  inbound,
  metric,
  numberRow,
  OTHER_PHONE,
  PHONE,
  PUBLIC_URL,
  replies,
  sendSms,
  t,
  useInboundPortal,
} from "./sms-inbound-support.ts";

// A report by SMS (docs/decisions/037-sms-conversations.md): any message that is not a command.

useInboundPortal();

interface StoredReport {
  id: string;
  reference: string;
  title: string;
  description: string;
  location: string | null;
  category: string;
  user_phone: string | null;
  channel: string;
  sms_updates: boolean;
  latitude: number | null;
  locale: string;
  team_id: string | null;
  due_resolve_at: Date | null;
}

async function reports(): Promise<StoredReport[]> {
  const { rows } = await t.db.query<StoredReport>(
    `SELECT id, reference, title, description, location, category, user_phone, channel, sms_updates, latitude,
            locale, due_resolve_at
       FROM grievances ORDER BY created_at`,
  );
  return rows;
}

const trackingLinkIn = (body: string) => body.match(/http:\/\/portal\.test\/track\/[A-Za-z0-9_-]{32}/)?.[0];

describe("a report by SMS", () => {
  it("is submitted like any report, and the reply gives its reference, private link and how to ask its status", async () => {
    const text = "Pipe burst, water leaking everywhere near the market in Old Town. Please come quickly";
    const res = await sendSms(text, { from: "0712 345 678" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("");

    const [report, ...others] = await reports();
    expect(others).toEqual([]);
    expect(report).toMatchObject({
      description: text,
      title: "Pipe burst, water leaking everywhere near the market in Old…",
      location: "near the market in Old Town",
      category: "Leakage Issues",
      // A local number, read with SMS_DEFAULT_COUNTRY (KE), kept in E.164.
      user_phone: PHONE,
      channel: "sms",
      sms_updates: true,
      // No pin: staff place it on the map.
      latitude: null,
      locale: "en",
    });
    // Due times apply as to any report (report-created.ts).
    expect(report!.due_resolve_at).not.toBeNull();

    expect(await inbound()).toEqual([
      expect.objectContaining({ phone: PHONE, body: text, handled_as: "report", grievance_id: report!.id }),
    ]);
    const [reply, ...more] = await replies();
    expect(more).toEqual([]);
    expect(reply).toMatchObject({
      phone: PHONE,
      grievance_id: report!.id,
      kind: "reply",
      event: `receipt:${report!.id}`,
    });
    const link = trackingLinkIn(reply!.body);
    expect(reply!.body).toBe(
      `Thank you: your report ${report!.reference} is received. Follow it at ${link} or reply STATUS ${report!.reference}.`,
    );
    // The link opens the reporter's private page, built from PUBLIC_URL.
    const tracked = await t.app.inject({ url: `/api/track/${link!.split("/").at(-1)}`, headers: { host: HOST } });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json<TrackedGrievance>().grievance.reference).toBe(report!.reference);
    expect(link!.startsWith(`${PUBLIC_URL}/track/`)).toBe(true);
  });

  it("without a keyword goes to Other for staff to triage, and without a place has no location", async () => {
    await sendSms("Something is wrong with the water here since yesterday");
    const [report] = await reports();
    expect(report).toMatchObject({
      category: "Other",
      location: null,
      title: "Something is wrong with the water here since yesterday",
    });
  });

  it("takes its category from each language's keywords, and replies in the message's language", async () => {
    const cases: [string, string, string][] = [
      ["El agua está sucia y huele mal cerca del mercado", "Water Quality Issues", "es"],
      ["Il y a une fuite d'eau devant l'école depuis trois jours", "Leakage Issues", "fr"],
      ["बाज़ार के पास नाली जाम है, पानी सड़क पर भरा है", "Drainage Problems", "hi"],
      ["لا يوجد ماء في الحي منذ يومين، انقطاع كامل", "Water Supply Problems", "ar"],
    ];
    // Three from one number (SMS_REPORTS_PER_NUMBER_PER_DAY is 3 here), the fourth from another.
    for (const [index, [text]] of cases.entries()) {
      expect((await sendSms(text, index < 3 ? {} : { from: OTHER_PHONE })).statusCode).toBe(200);
    }
    const stored = await reports();
    expect(stored.map((r) => r.category)).toEqual(cases.map(([, category]) => category));
    expect(stored.map((r) => r.locale)).toEqual(cases.map(([, , locale]) => locale));
    expect(stored.map((r) => r.description)).toEqual(cases.map(([text]) => text));
    expect(stored.map((r) => r.location)).toEqual([
      "cerca del mercado",
      "devant l'école depuis trois jours",
      "बाज़ार के पास",
      null,
    ]);
    const bodies = (await replies()).map((reply) => reply.body);
    expect(bodies[0]).toMatch(/^Gracias: recibimos su reporte WS-/);
    expect(bodies[1]).toMatch(/^Merci : votre signalement WS-/);
    expect(bodies[2]).toMatch(/^धन्यवाद: आपकी रिपोर्ट WS-/);
    expect(bodies[3]).toMatch(/^شكرًا: استلمنا بلاغك WS-/);
    // A number's language is the last it wrote in.
    expect((await numberRow(PHONE))?.locale).toBe("hi");
    expect((await numberRow(OTHER_PHONE))?.locale).toBe("ar");
  });

  it("uses the keywords administrators edit on the category (audited), and shows them only to administrators", async () => {
    const { admin } = await adminAndStaffClients(t.app, t.db, "admin@water.example", "staff@water.example");
    const edited = await admin({
      method: "PATCH",
      url: "/api/staff/admin/categories/infrastructure",
      payload: { sms_keywords: { en: [" kiosk ", "Kiosk", ""], fr: ["borne"], ar: ["كشك"] } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AdminCategoryView>().sms_keywords).toEqual({ en: ["kiosk"], fr: ["borne"], ar: ["كشك"] });
    const { rows } = await t.db.query<{ action: string }>("SELECT action FROM audit_log ORDER BY id");
    expect(rows.map((row) => row.action)).toEqual(["category.sms_keywords"]);

    await sendSms("The kiosk on the corner is closed");
    await sendSms("La borne fontaine ne marche pas");
    await sendSms("الكشك مغلق", { from: OTHER_PHONE });
    expect((await reports()).map((r) => r.category)).toEqual([
      "Infrastructure Problems",
      "Infrastructure Problems",
      "Infrastructure Problems",
    ]);
    // The public list has no keywords: they are the administrators' tool.
    const list = await t.app.inject({ url: "/api/categories", headers: { host: HOST } });
    expect(list.body).not.toContain("sms_keywords");
    expect(
      (await admin({ method: "GET", url: "/api/staff/admin/categories" }))
        .json<{ categories: AdminCategoryView[] }>()
        .categories.find((c) => c.key === "Leakage Issues")!.sms_keywords.es,
    ).toContain("fuga");

    const tooLong = await admin({
      method: "PATCH",
      url: "/api/staff/admin/categories/infrastructure",
      payload: { sms_keywords: { en: ["x".repeat(61)] } },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ message: string }>().message).toBe("Each SMS keyword must be at most 60 characters.");
  });
});

describe("the daily limit of reports per number", () => {
  it("takes SMS_REPORTS_PER_NUMBER_PER_DAY reports, then replies once politely, then keeps silent until the next day", async () => {
    for (let i = 1; i <= 3; i++) await sendSms(`Leak number ${i} at the standpipe`);
    expect(await reports()).toHaveLength(3);

    await sendSms("Leak number 4 at the standpipe");
    await sendSms("Leak number 5 at the standpipe");
    // Another number is not limited by this one.
    await sendSms("Leak at the school", { from: OTHER_PHONE });
    expect(await reports()).toHaveLength(4);
    expect((await inbound()).map((m) => m.handled_as)).toEqual([
      "report",
      "report",
      "report",
      "limited",
      "limited",
      "report",
    ]);
    const mine = (await replies()).filter((reply) => reply.phone === PHONE);
    expect(mine.map((reply) => reply.event.split(":")[0])).toEqual(["receipt", "receipt", "receipt", "reply"]);
    expect(mine.at(-1)!.body).toBe(
      "You have sent 3 reports today, our daily limit. Please send new reports tomorrow. Send STATUS for your latest report.",
    );
    // Both counted as refused for the limit (/metrics).
    expect(await metric('sms_refused_total{reason="limited"}')).toBe(2);
    // Commands still work.
    await sendSms("STATUS");
    expect((await replies()).at(-1)!.body).toMatch(/^Report WS-[A-Z0-9]{6}: Pending\.$/);

    advanceDays(1);
    await sendSms("Leak number 6 at the standpipe");
    expect(await reports()).toHaveLength(5);
    expect((await numberRow())?.limit_replied_on).not.toBeNull();
  });

  it("holds when two reports of one number arrive at once: the one over the limit is rolled back and limited", async () => {
    await sendSms("Leak number 1 at the standpipe");
    await sendSms("Leak number 2 at the standpipe");
    const answers = await Promise.all([
      sendSms("Leak number 3 at the standpipe"),
      sendSms("Leak number 4 at the standpipe"),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await reports()).toHaveLength(3);
    expect((await inbound()).map((m) => m.handled_as).sort()).toEqual(["limited", "report", "report", "report"]);
    expect((await replies()).map((reply) => reply.event.split(":")[0]).sort()).toEqual([
      "receipt",
      "receipt",
      "receipt",
      "reply",
    ]);
  });
});
