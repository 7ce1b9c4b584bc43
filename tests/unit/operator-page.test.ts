import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { OPERATOR_SLOT, operatorPage } from "#server/operator/operator-page.ts";

// The server writes the operator's settings into every page it sends (operator-page.ts): whatever an operator's
// name holds reaches the page as text.
const HTML = `<html><head><meta name="theme-color" content="#0b5d8c" /></head><body>${OPERATOR_SLOT}</body></html>`;

describe("the operator written into a page", () => {
  it("keeps replacement patterns and markup in the name as text", () => {
    const { operator } = loadConfig({
      PORTAL_OPERATOR_NAME: "Water $& Sewer $' Board <b>",
      PORTAL_BRAND_COLOR: "#1a5e20",
    });
    const page = operatorPage(operator)!.apply(HTML);
    expect(page).toContain("Water $&amp; Sewer $' Board &lt;b&gt;");
    expect(page).toContain('<meta name="theme-color" content="#1a5e20"');
    expect(page.match(/<\/head>/g)).toHaveLength(1);
  });
});
