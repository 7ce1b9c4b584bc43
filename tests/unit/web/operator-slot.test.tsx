import { describe, expect, it } from "vitest";
import { OPERATOR_SLOT } from "#server/operator/operator-page.ts";
import { renderStaticShell } from "#web/app/static-shell.tsx";

/**
 * The server fills the footer's empty place for the operator by its exact markup (server/operator/operator-page.ts):
 * the layout the build renders into every page must have it, once, in every language.
 */
describe("the footer's place for the operator", () => {
  it.each(["en", "ar"] as const)("is in the static layout in %s, once", (locale) => {
    const shell = renderStaticShell(locale, {});
    expect(shell.split(OPERATOR_SLOT)).toHaveLength(2);
    expect(shell.indexOf(OPERATOR_SLOT)).toBeGreaterThan(shell.indexOf("<footer"));
  });
});
