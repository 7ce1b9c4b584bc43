import type { OperatorLogo } from "./operator-logo.ts";

/**
 * Who runs the portal, shown on every public page (operator-page.ts; docs/configuration.md): the PORTAL_… settings,
 * each checked by config.ts. Every one is optional, so the portal starts without them, and says at start-up which a
 * real deployment needs (missingOperatorSettings).
 */
export interface OperatorSettings {
  /** PORTAL_OPERATOR_NAME: the utility, municipality or NGO. */
  name: string | undefined;
  /** PORTAL_OPERATOR_URL: its own website, which the name links to. */
  url: string | undefined;
  /** PORTAL_LOGO: shown beside the name. */
  logo: OperatorLogo | undefined;
  /** PORTAL_EMERGENCY_PHONE: the number for a burst main, as written and as a tel: link. */
  emergencyPhone: EmergencyPhone | undefined;
  /** PORTAL_BRAND_COLOR as "#rrggbb": the header's and the buttons' colour; undefined keeps the portal's blue. */
  brandColor: string | undefined;
}

export interface EmergencyPhone {
  /** As the operator wrote it ("0800 123 4567"). */
  display: string;
  /** For the tel: link: the digits, with the leading + when there is one. */
  dial: string;
}

/** A phone number as people write one: digits, a leading +, spaces, dots, dashes and brackets; short codes too. */
export function parseEmergencyPhone(text: string): EmergencyPhone {
  const display = text.trim().replace(/\s+/g, " ");
  const digits = display.replace(/\D/g, "");
  if (!/^\+?[\d\s().-]+$/.test(display) || digits.length < 2 || digits.length > 20) {
    throw new Error(
      `must be a phone number: digits with an optional leading +, spaces, dots, dashes or brackets (got "${text}")`,
    );
  }
  return { display, dial: `${display.startsWith("+") ? "+" : ""}${digits}` };
}

/**
 * The start-up warning when a setting residents rely on is missing, else undefined: without a name the pages say
 * nobody runs the portal, and without the number a resident facing a burst main is told nowhere whom to call.
 */
export function missingOperatorSettings(operator: OperatorSettings): string | undefined {
  const missing = [
    !operator.name && "PORTAL_OPERATOR_NAME (who runs the portal, shown on every page)",
    !operator.emergencyPhone && "PORTAL_EMERGENCY_PHONE (the number to call for a burst main, on every page)",
  ].filter(Boolean);
  if (missing.length === 0) return undefined;
  return (
    `Not set, but a real deployment needs them: ${missing.join("; ")}. Also worth setting: PORTAL_OPERATOR_URL, ` +
    "PORTAL_LOGO and PORTAL_BRAND_COLOR (README, Configuration)."
  );
}
