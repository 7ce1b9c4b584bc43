import { describe, expect, it } from "vitest";
import {
  fixedAnswerProblem,
  fixedAnswerSchema,
  REPORTER_MESSAGES,
  REPORTER_UPDATE_MAX_LENGTH,
  reporterUpdateSchema,
} from "#shared/tracking/reporter-actions.ts";

// The shared schemas of the reporter's actions (docs/decisions/015-reporter-actions.md): the tracking page and the
// server word a refusal alike.

describe("reporterUpdateSchema", () => {
  it("trims the text and refuses it blank, too long or unstorable", () => {
    expect(reporterUpdateSchema.parse({ text: "  Still leaking.  " })).toEqual({ text: "Still leaking." });
    const message = (text: unknown) => reporterUpdateSchema.safeParse({ text }).error?.issues[0]?.message;
    expect(message(undefined)).toBe(REPORTER_MESSAGES.updateTextRequired);
    expect(message("   ")).toBe(REPORTER_MESSAGES.updateTextRequired);
    expect(message("x".repeat(REPORTER_UPDATE_MAX_LENGTH + 1))).toBe(REPORTER_MESSAGES.updateTooLong);
    expect(message("a\u0000b")).toBe(REPORTER_MESSAGES.updateInvalidCharacters);
    expect(message("x".repeat(REPORTER_UPDATE_MAX_LENGTH))).toBeUndefined();
  });
});

describe("fixedAnswerSchema and fixedAnswerProblem", () => {
  it("take yes, or no with a trimmed note", () => {
    expect(fixedAnswerSchema.parse({ fixed: true })).toEqual({ fixed: true });
    expect(fixedAnswerSchema.parse({ fixed: false, note: "  Still wet. " })).toEqual({
      fixed: false,
      note: "Still wet.",
    });
    expect(fixedAnswerProblem({ fixed: true })).toBeUndefined();
  });

  it("say what is wrong: the note's own message for a no, else answer yes or no", () => {
    expect(fixedAnswerProblem({ fixed: false })).toEqual({ message: REPORTER_MESSAGES.noteRequired, field: "note" });
    expect(fixedAnswerProblem({ fixed: false, note: " " })).toEqual({
      message: REPORTER_MESSAGES.noteRequired,
      field: "note",
    });
    expect(fixedAnswerProblem({ fixed: false, note: "n".repeat(1001) })).toEqual({
      message: REPORTER_MESSAGES.noteTooLong,
      field: "note",
    });
    for (const input of [undefined, null, {}, { fixed: "true" }, "yes", { fixed: 1 }]) {
      expect(fixedAnswerProblem(input)).toEqual({ message: REPORTER_MESSAGES.answerInvalid });
    }
  });
});
