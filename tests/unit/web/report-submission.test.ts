import { describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/messages.ts";
import {
  INITIAL_SUBMISSION,
  submissionReducer,
  type SubmissionEvent,
  type SubmissionState,
} from "#web/features/grievances/components/use-report-submission.ts";

/** The report form's submission (use-report-submission.ts), step by step: states, messages and focus requests. */
const run = (...events: SubmissionEvent[]): SubmissionState => events.reduce(submissionReducer, INITIAL_SUBMISSION);

describe("the report form's submission", () => {
  it("goes from idle to submitting to sent, with the reference and the focus on the confirmation", () => {
    const sending = run({ type: "started" }, { type: "sending" });
    expect(sending.status).toBe("submitting");
    const sent = submissionReducer(sending, { type: "sent", reference: "WG-1234" });
    expect(sent).toMatchObject({ status: "sent", reference: "WG-1234", focus: { to: "success", n: 1 } });
  });

  it("shows the form's own refusal in the summary, each time moving the focus there again", () => {
    const errors = { title: MESSAGES.requiredFields };
    const once = run({ type: "invalid", errors, message: "Please fill in all required fields." });
    expect(once).toMatchObject({ status: "idle", errors, formError: "Please fill in all required fields." });
    const twice = submissionReducer(once, { type: "invalid", errors, message: "Please fill in all required fields." });
    expect(twice.focus).toEqual({ to: "summary", n: 2 });
  });

  it("clears a field's error when it is edited, and nothing else", () => {
    const refused = run({ type: "invalid", errors: { title: "a", description: "b" }, message: "m" });
    const edited = submissionReducer(refused, { type: "edited", fields: ["title"] });
    expect(edited.errors).toEqual({ description: "b" });
    expect(edited.formError).toBe("m");
    // No error on the field: the very same state, so the form does not render again for a keystroke.
    expect(submissionReducer(edited, { type: "edited", fields: ["title"] })).toBe(edited);
  });

  it("tells a summary of fields, which goes once they are put right, from one that says more", () => {
    expect(run({ type: "invalid", errors: { title: "a" }, message: "m" }).aboutFields).toBe(true);
    const named = {
      type: "refused",
      message: "Bad phone",
      failure: null,
      errors: { user_phone: "Bad phone" },
    } as const;
    expect(run(named).aboutFields).toBe(true);
    expect(run({ type: "refused", message: "Server down", failure: null }).aboutFields).toBe(false);
    expect(run({ type: "invalid", errors: { title: "a" }, message: "m" }, { type: "not-kept" }).aboutFields).toBe(
      false,
    );
    expect(run({ type: "invalid", errors: { title: "a" }, message: "m" }, { type: "started" }).aboutFields).toBe(false);
  });

  it("keeps the server's refusal with its request and its fields, back to idle", () => {
    const failure = new Error("refused");
    const refused = run(
      { type: "started" },
      { type: "sending" },
      { type: "request-failed" },
      { type: "refused", message: "Bad phone", failure, errors: { user_phone: "Bad phone" } },
    );
    expect(refused).toMatchObject({ status: "idle", formError: "Bad phone", errors: { user_phone: "Bad phone" } });
    expect(refused.failure).toBe(failure);
    // A new submit that passes the check forgets the last one's messages.
    expect(submissionReducer(refused, { type: "started" })).toMatchObject({
      errors: {},
      formError: null,
      failure: null,
    });
  });

  it("keeps a report on the phone until the kept reports change, and says when it cannot", () => {
    const kept = run({ type: "started" }, { type: "kept-offline" });
    expect(kept).toMatchObject({ status: "kept-offline", focus: { to: "success", n: 1 } });
    expect(submissionReducer(kept, { type: "settled" }).status).toBe("idle");
    // Settling means nothing to a form that kept nothing.
    const sending = run({ type: "sending" });
    expect(submissionReducer(sending, { type: "settled" })).toBe(sending);
    const notKept = run({ type: "started" }, { type: "not-kept" });
    expect(notKept).toMatchObject({ formError: MESSAGES.networkFailed, focus: { to: "summary", n: 1 } });
  });
});
