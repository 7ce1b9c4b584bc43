import { describe, expect, it } from "vitest";
import {
  fieldErrorsOf,
  grievanceInputSchema,
  grievanceListQuerySchema,
  summaryMessageOf,
} from "#shared/grievances/grievance-schema.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";

const valid = {
  title: "Brown water from the tap",
  description: "Since Monday the water in Block C is brown and smells of iron.",
  category: "Water Quality Issues",
};

function errorsOf(input: Record<string, unknown>) {
  const result = grievanceInputSchema.safeParse(input);
  if (result.success) throw new Error("expected the input to be rejected");
  return fieldErrorsOf(result.error);
}

describe("grievanceInputSchema", () => {
  it("accepts the required fields alone, with priority medium by default", () => {
    const parsed = grievanceInputSchema.parse(valid);
    expect(parsed).toEqual({ ...valid, priority: "medium" });
  });

  it("trims text and treats blank optional fields as absent", () => {
    const parsed = grievanceInputSchema.parse({
      ...valid,
      title: "  Leak  ",
      location: "   ",
      user_email: "",
      user_phone: "",
      priority: "",
    });
    expect(parsed.title).toBe("Leak");
    expect(parsed.location).toBeUndefined();
    expect(parsed.user_email).toBeUndefined();
    expect(parsed.user_phone).toBeUndefined();
    expect(parsed.priority).toBe("medium");
  });

  it.each(["title", "description", "category"])("requires %s with the specification's message", (field) => {
    const errors = errorsOf({ ...valid, [field]: "" });
    expect(errors[field as keyof typeof errors]).toBe("Please fill in all required fields.");
    expect(summaryMessageOf(errors)).toBe("Please fill in all required fields.");
  });

  it("treats a title of spaces as missing", () => {
    expect(errorsOf({ ...valid, title: "   " }).title).toBe("Please fill in all required fields.");
  });

  it("leaves which categories exist to the server (they are data), but asks for one", () => {
    expect(grievanceInputSchema.safeParse({ ...valid, category: "Potholes" }).success).toBe(true);
    expect(errorsOf({ ...valid, category: "  " }).category).toBe("Please fill in all required fields.");
    expect(errorsOf({ ...valid, category: "Other\u0000" }).category).toBe("Please choose a category from the list.");
  });

  it("rejects an unknown priority", () => {
    expect(errorsOf({ ...valid, priority: "critical" }).priority).toBe("Please choose a priority from the list.");
  });

  it("checks the e-mail address and phone number for a plausible form when given", () => {
    expect(errorsOf({ ...valid, user_email: "not-an-email" }).user_email).toBe("Please enter a valid email address.");
    expect(errorsOf({ ...valid, user_phone: "call me" }).user_phone).toBe("Please enter a valid phone number.");
    expect(errorsOf({ ...valid, user_phone: "123" }).user_phone).toBe("Please enter a valid phone number.");
    const ok = grievanceInputSchema.parse({
      ...valid,
      user_email: "jane@example.org",
      user_phone: "+254 (0) 700-123-489",
    });
    expect(ok.user_phone).toBe("+254 (0) 700-123-489");
  });

  it("limits lengths with a message naming the field", () => {
    expect(errorsOf({ ...valid, title: "x".repeat(201) }).title).toBe("Issue Title must be at most 200 characters.");
  });

  it("summarises with the field's own message when nothing required is missing", () => {
    const errors = errorsOf({ ...valid, user_email: "nope" });
    expect(summaryMessageOf(errors)).toBe("Please enter a valid email address.");
  });
});

describe("a pin at 0,0 (Null Island)", () => {
  it("is refused on the latitude, with the other fields' problems", () => {
    expect(errorsOf({ ...valid, latitude: "0", longitude: "-0.0000001" })).toEqual({
      latitude: LOCATION_MESSAGES.nullIsland,
    });
    expect(errorsOf({ ...valid, title: "", latitude: 0, longitude: 0 })).toMatchObject({
      latitude: LOCATION_MESSAGES.nullIsland,
    });
  });

  it("is told apart from pins on the equator or the prime meridian", () => {
    for (const [latitude, longitude] of [
      ["0", "0.000001"],
      ["0.000001", "0"],
      ["0", "32.5"],
    ]) {
      expect(grievanceInputSchema.safeParse({ ...valid, latitude, longitude }).success).toBe(true);
    }
  });
});

describe("grievanceListQuerySchema", () => {
  it("treats empty parameters as no filter and defaults the paging", () => {
    expect(grievanceListQuerySchema.parse({ q: "", category: "", status: "", priority: "" })).toEqual({
      page: 1,
      pageSize: 12,
    });
  });

  it("reads numbers from the query string", () => {
    expect(grievanceListQuerySchema.parse({ page: "3", pageSize: "50", status: "in-progress" })).toEqual({
      page: 3,
      pageSize: 50,
      status: "in-progress",
    });
  });

  it("rejects values outside the lists and out-of-range paging", () => {
    expect(grievanceListQuerySchema.safeParse({ status: "closed" }).success).toBe(false);
    expect(grievanceListQuerySchema.safeParse({ pageSize: "1000" }).success).toBe(false);
    expect(grievanceListQuerySchema.safeParse({ page: "0" }).success).toBe(false);
  });
});
