import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { capSchemaProblems } from "../support/xml-schemas.ts";
import { as, declaration, declare, publicGet, useIncidentPortal, type PublicIncident } from "./incidents-support.ts";

// Staff-written incident texts in other languages (migration 026, docs/decisions/019-languages.md): kept beside
// the original, answered with it, and given their own <info> in the CAP document.

useIncidentPortal();

const ARABIC = {
  title: "اغلوا الماء في كيليماني",
  message: "سمح عطل في المعالجة بدخول مياه غير معالجة إلى الشبكة.",
  instructions: "اغلوا ماء الشرب دقيقة واحدة.",
};

describe("incident texts in other languages", () => {
  it("are kept with a declaration, an update and the closure, empty ones left out, and answered with the incident", async () => {
    const incident = await declare({
      translations: { ar: ARABIC, es: { title: "Hervir el agua" }, fr: { title: " " } },
    });
    expect(incident.title).toBe("Boil water in Kilimani");
    expect(incident.translations).toEqual({ ar: ARABIC, es: { title: "Hervir el agua" } });

    const update = await as({
      method: "POST",
      url: `/api/staff/incidents/${incident.id}/updates`,
      payload: { message: "Tankers are at the school.", translations: { ar: "الصهاريج في المدرسة.", hi: "" } },
    });
    expect(update.statusCode, update.body).toBeLessThan(300);
    const close = await as({
      method: "POST",
      url: `/api/staff/incidents/${incident.id}/close`,
      payload: {
        finalMessage: "The water is safe again.",
        resolveLinkedReports: false,
        translations: { ar: "الماء آمن من جديد.", fr: "L'eau est de nouveau potable." },
      },
    });
    expect(close.statusCode, close.body).toBeLessThan(300);

    const seen = (await publicGet(`/api/incidents/${incident.id}`)).json<PublicIncident>();
    expect(seen.updates.map((u) => u.translations)).toEqual([{ ar: "الصهاريج في المدرسة." }]);
    // The final message joins each language's other texts; a language with only a final message gets one too.
    expect(seen.translations).toEqual({
      ar: { ...ARABIC, finalMessage: "الماء آمن من جديد." },
      es: { title: "Hervir el agua" },
      fr: { finalMessage: "L'eau est de nouveau potable." },
    });
  });

  it("refuses a version that is too long, as the original would be", async () => {
    const refused = await as({
      method: "POST",
      url: "/api/staff/incidents",
      payload: { ...declaration(), translations: { hi: { title: "x".repeat(201) } } },
    });
    expect(refused.statusCode).toBe(400);
  });

  it("gives CAP one <info> per language, each with its <language>, valid against CAP-v1.2.xsd", async () => {
    const incident = await declare({ translations: { ar: ARABIC } });
    await as({
      method: "POST",
      url: `/api/staff/incidents/${incident.id}/updates`,
      payload: { message: "Tankers are at the school.", translations: { ar: "الصهاريج في المدرسة." } },
    });
    const document = (await publicGet(`/incidents/${incident.id}.cap.xml`)).body;
    const info = new XMLParser().parse(document).alert.info as Record<string, string>[];
    expect(info.map((block) => block.language)).toEqual(["en", "ar"]);
    expect(info[0]).toMatchObject({ headline: "Boil water in Kilimani", instruction: declarationInstructions });
    expect(info[1]).toMatchObject({ headline: ARABIC.title, instruction: ARABIC.instructions });
    expect(info[1]!.description).toContain(ARABIC.message);
    expect(info[1]!.description).toContain("الصهاريج في المدرسة.");
    expect(capSchemaProblems([document])).toBe("");

    const plain = await declare({ title: "No translations" });
    const single = new XMLParser().parse((await publicGet(`/incidents/${plain.id}.cap.xml`)).body).alert.info;
    expect(single.language).toBe("en");
  });
});

const declarationInstructions = "Boil all drinking water for one minute. Tankers at Kilimani School.";
