import { msg } from "#shared/i18n/locales.ts";
import type { Channel } from "#shared/staff/staff-schemas.ts";

/** How a report reached the utility, in words (migrations/027; docs/decisions/033-duplicates-calls-and-templates.md). */
export const CHANNEL_LABELS: Record<Channel, string> = {
  web: msg("Web form"),
  open311: msg("Open311 client"),
  sms: msg("SMS"),
  phone: msg("Phone call"),
  counter: msg("At the counter"),
  letter: msg("Letter"),
  email: msg("E-mail"),
};
