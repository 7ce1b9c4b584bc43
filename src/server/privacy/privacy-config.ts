import { z } from "zod";

/** Whole days, from 0 (at the next run) to about 30 years. */
const days = (fallback: number) => z.coerce.number().int().min(0).max(10_950).default(fallback);

/**
 * The privacy notice's contact and the retention periods (docs/decisions/042-privacy-and-retention.md), part of the
 * environment config.ts validates once. Each period counts whole days from the moment named in docs/configuration.md's
 * settings table; 0 means "at the next retention run".
 */
export const privacyEnvShape = {
  // Whom residents ask about their data, on /privacy: an e-mail address, a postal address or a web address.
  PRIVACY_CONTACT: z.string().trim().min(3).max(500).optional(),
  // A reporter's e-mail address and phone number, counted from the report's resolution.
  RETENTION_CONTACT_DAYS: days(365),
  // Followers of resolved reports, ended or unconfirmed follows and alert subscriptions.
  RETENTION_FOLLOWERS_DAYS: days(90),
  // The text and photos of a report staff hid, counted from its hiding.
  RETENTION_HIDDEN_DAYS: days(90),
  // The text and photos of a reporter's update staff hid, counted from its hiding.
  RETENTION_HIDDEN_UPDATES_DAYS: days(90),
  // Who did what in the administration and the retention runs themselves.
  RETENTION_AUDIT_DAYS: days(2555),
  // The number and text of each SMS handled (not about a report still open).
  RETENTION_SMS_DAYS: days(180),
  // The recipient's address of each e-mail sent or given up.
  RETENTION_EMAIL_DAYS: days(90),
};

type PrivacyEnv = z.infer<z.ZodObject<typeof privacyEnvShape>>;

/** How long each kind of personal data is kept, in days (0: erased at the next run). */
export interface RetentionPeriods {
  contactDays: number;
  followersDays: number;
  hiddenDays: number;
  hiddenUpdatesDays: number;
  auditDays: number;
  smsDays: number;
  emailDays: number;
}

export interface PrivacyConfig {
  /** PRIVACY_CONTACT; undefined: the notice points to the operator named at the foot of each page. */
  contact: string | undefined;
  retention: RetentionPeriods;
}

/** Config's part for privacy, as config.ts spreads it into the whole. */
export interface PrivacySettings {
  privacy: PrivacyConfig;
}

export function privacyConfig(e: PrivacyEnv): PrivacySettings {
  return {
    privacy: {
      contact: e.PRIVACY_CONTACT,
      retention: {
        contactDays: e.RETENTION_CONTACT_DAYS,
        followersDays: e.RETENTION_FOLLOWERS_DAYS,
        hiddenDays: e.RETENTION_HIDDEN_DAYS,
        hiddenUpdatesDays: e.RETENTION_HIDDEN_UPDATES_DAYS,
        auditDays: e.RETENTION_AUDIT_DAYS,
        smsDays: e.RETENTION_SMS_DAYS,
        emailDays: e.RETENTION_EMAIL_DAYS,
      },
    },
  };
}
