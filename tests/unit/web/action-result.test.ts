import { describe, expect, it } from "vitest";
import { fieldErrorOf, fieldRefusal, formProblemOf, refusal, type ActionResult } from "#web/lib/action-result.ts";

/** The one shape of every router action's answer (src/web/lib/action-result.ts) and what forms read from it. */
type NoteResult = ActionResult<"answer", undefined, "note">;

describe("ActionResult", () => {
  it("says a refusal about a field at the field, and not again beside the form", () => {
    const result: NoteResult = fieldRefusal("answer", "note", "Please tell us what is still wrong.");
    expect(result).toEqual({
      intent: "answer",
      ok: false,
      message: "Please tell us what is still wrong.",
      fieldErrors: { note: "Please tell us what is still wrong." },
    });
    expect(fieldErrorOf(result, "note")).toBe("Please tell us what is still wrong.");
    expect(formProblemOf(result)).toBe("");
  });

  it("says a refusal about no field beside the form, and at no field", () => {
    const result: NoteResult = refusal("answer", "The server is busy.");
    expect(result).toEqual({ intent: "answer", ok: false, message: "The server is busy." });
    expect(fieldErrorOf(result, "note")).toBe("");
    expect(formProblemOf(result)).toBe("The server is busy.");
  });

  it("reads nothing wrong in a success or in no answer yet", () => {
    const done: NoteResult = { intent: "answer", ok: true, message: "Thank you." };
    expect(fieldErrorOf(done, "note")).toBe("");
    expect(formProblemOf(done)).toBe("");
    expect(fieldErrorOf(undefined, "note")).toBe("");
    expect(formProblemOf(undefined)).toBe("");
  });

  it("carries a success's data", () => {
    const counted: ActionResult<"affected", { affected: number }> = {
      intent: "affected",
      ok: true,
      data: { affected: 4 },
    };
    expect(counted.ok && counted.data.affected).toBe(4);
  });
});
