import { z } from "zod/mini";

/**
 * What the privacy notice at /privacy is written from (GET /api/privacy, docs/decisions/042-privacy-and-retention.md):
 * who runs the portal, whom to ask, and how long each kind of personal data is kept, in days, as the settings say.
 */
export const privacyNoticeSchema = z.object({
  operator: z.object({
    /** PORTAL_OPERATOR_NAME; null: not set (the notice then says "the operator of this portal"). */
    name: z.nullable(z.string()),
    /** PORTAL_OPERATOR_URL. */
    url: z.nullable(z.string()),
  }),
  /** PRIVACY_CONTACT: an e-mail address, a postal address or a web address; null when not set. */
  contact: z.nullable(z.string()),
  /** Whether residents can report and follow by SMS (SMS_GATEWAY set). */
  sms: z.boolean(),
  /** Days each kind is kept (RETENTION_…); 0: erased at the next daily run. */
  retention: z.object({
    contactDays: z.number(),
    followersDays: z.number(),
    hiddenDays: z.number(),
    hiddenUpdatesDays: z.number(),
    auditDays: z.number(),
    smsDays: z.number(),
    emailDays: z.number(),
  }),
});

export type PrivacyNotice = z.output<typeof privacyNoticeSchema>;
