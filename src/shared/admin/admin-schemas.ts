import { z } from "zod/mini";
import { englishText } from "../i18n/english-text.ts";
import { msg } from "../i18n/locales.ts";
import { isStorableText } from "../storable-text.ts";
import { PASSWORD_MIN_LENGTH, STAFF_ROLES } from "../staff/staff-schemas.ts";

/**
 * The administration of staff accounts, API keys and the audit log (docs/decisions/017). zod/mini: the console
 * validates with these before sending, the server again.
 */

/** English message ids, translated where they are shown (docs/decisions/019-languages.md). */
export const ADMIN_MESSAGES = {
  emailInvalid: msg("Please enter a valid email address."),
  lastAdmin: msg("There must always be at least one active administrator: make someone else an administrator first."),
  accountNotFound: msg("There is no such staff account."),
  duplicateAccount: msg("A staff account with this email address already exists."),
  keyNameRequired: msg("Please give the key a name, e.g. the system that will use it."),
  keyNotFound: msg("There is no such active API key."),
  linkInvalid: msg(
    "This link is not valid, or it has already been used or has expired. Please ask an administrator for a new one.",
  ),
  passwordTooShort: englishText(msg("The password must be at least {min} characters long."), {
    min: PASSWORD_MIN_LENGTH,
  }),
  passwordsDiffer: msg("The two passwords differ."),
} as const;

/** How long a set-password link works. */
export const PASSWORD_LINK_HOURS = 72;

export const newAccountSchema = z.object({
  email: z
    .string({ error: ADMIN_MESSAGES.emailInvalid })
    .check(z.trim(), z.email(ADMIN_MESSAGES.emailInvalid), z.maxLength(254)),
  role: z.enum(STAFF_ROLES),
});

export const accountChangeSchema = z.object({
  role: z.optional(z.enum(STAFF_ROLES)),
  disabled: z.optional(z.boolean()),
});

export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  created_at: z.string(),
  disabled: z.boolean(),
  /** Whether its holder has set a password (through the one-time link, or the command line). */
  password_set: z.boolean(),
});
export type AccountView = z.output<typeof accountSchema>;
export const accountListSchema = z.object({ accounts: z.array(accountSchema) });

/** The answer that carries a one-time link, to show the administrator once. */
export const passwordLinkSchema = z.object({ account: accountSchema, link: z.string(), expiresAt: z.string() });
export type PasswordLink = z.output<typeof passwordLinkSchema>;

export const passwordLinkInfoSchema = z.object({ email: z.string(), expiresAt: z.string() });
export const setPasswordSchema = z.object({
  password: z
    .string({ error: ADMIN_MESSAGES.passwordTooShort })
    .check(z.minLength(PASSWORD_MIN_LENGTH, ADMIN_MESSAGES.passwordTooShort), z.maxLength(1024)),
});

export const newApiKeySchema = z.object({
  name: z
    .string({ error: ADMIN_MESSAGES.keyNameRequired })
    .check(
      z.trim(),
      z.minLength(1, ADMIN_MESSAGES.keyNameRequired),
      z.maxLength(100),
      z.refine(isStorableText, ADMIN_MESSAGES.keyNameRequired),
    ),
});
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; the key itself is shown once. */
  prefix: z.string(),
  created_at: z.string(),
  created_by: z.nullable(z.string()),
  last_used_at: z.nullable(z.string()),
  revoked_at: z.nullable(z.string()),
});
export type ApiKeyView = z.output<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export const newApiKeyAnswerSchema = z.object({ apiKey: apiKeySchema, key: z.string() });

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntryView = z.output<typeof auditEntrySchema>;
export const AUDIT_PAGE_SIZE = 50;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextBefore: z.nullable(z.string()) });
export const auditQuerySchema = z.object({ before: z.optional(z.string().check(z.regex(/^[0-9]{1,18}$/))) });
