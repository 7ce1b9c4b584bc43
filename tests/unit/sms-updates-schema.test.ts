import { describe, expect, it } from "vitest";
import { grievanceInputSchema, fieldErrorsOf, SMS_UPDATES_MESSAGES } from "#shared/grievances/grievance-schema.ts";

// "Send me updates by SMS" in the one schema the form and the server share (docs/product-decisions.md D18,
// docs/decisions/041-sms-for-staff.md): what the form sends, and the phone number it needs.

const report = {
  title: "Brown water",
  description: "Since Monday.",
  category: "Water Quality Issues",
  user_phone: "0712 345 678",
};

describe("sms_updates", () => {
  it('is true when ticked ("true", a plain checkbox\'s "on", or true from code), and false or absent otherwise', () => {
    for (const ticked of ["true", "on", true]) {
      expect(grievanceInputSchema.parse({ ...report, sms_updates: ticked }).sms_updates).toBe(true);
    }
    expect(grievanceInputSchema.parse({ ...report, sms_updates: "false" }).sms_updates).toBe(false);
    expect(grievanceInputSchema.parse({ ...report, sms_updates: "" }).sms_updates).toBeUndefined();
    expect(grievanceInputSchema.parse(report).sms_updates).toBeUndefined();
  });

  it("ticked without a phone number: the phone field says what to do", () => {
    const result = grievanceInputSchema.safeParse({ ...report, user_phone: " ", sms_updates: "true" });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!)).toEqual({ user_phone: SMS_UPDATES_MESSAGES.needsPhone });
  });

  it("a phone number the form refuses says so first, not the tick's message", () => {
    const result = grievanceInputSchema.safeParse({ ...report, user_phone: "call me", sms_updates: "true" });
    expect(fieldErrorsOf(result.error!).user_phone).not.toBe(SMS_UPDATES_MESSAGES.needsPhone);
  });

  it("anything else is refused on its own field", () => {
    const result = grievanceInputSchema.safeParse({ ...report, sms_updates: "maybe" });
    expect(fieldErrorsOf(result.error!)).toEqual({ sms_updates: SMS_UPDATES_MESSAGES.invalid });
  });
});
