import { z } from "zod";
import { parseCountryCode, type CountryCode } from "./phone-number.ts";

/**
 * The SMS settings (docs/decisions/035-sms-through-a-gateway.md), part of the environment config.ts validates once:
 * off unless SMS_GATEWAY is set, and then every setting a gateway needs is required.
 */
export const smsEnvShape = {
  SMS_GATEWAY: z.enum(["kannel"], { error: "must be kannel (the only gateway so far)" }).optional(),
  KANNEL_SENDSMS_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL (Kannel's /cgi-bin/sendsms)" })
    .optional(),
  KANNEL_USERNAME: z.string().min(1).optional(),
  KANNEL_PASSWORD: z.string().min(1).optional(),
  // The portal's number or short code: what residents write to, and the sender of every SMS.
  SMS_NUMBER: z
    .string()
    .regex(/^\+?[0-9]{3,15}$/, "must be a phone number or short code (digits, optionally a leading +)")
    .optional(),
  // The secret Kannel's sms-service puts in the inbound URL (?token=…); long enough not to be guessed.
  SMS_INBOUND_TOKEN: z.string().min(16, "must be at least 16 characters (e.g. openssl rand -hex 32)").optional(),
  SMS_REPORTS_PER_NUMBER_PER_DAY: z.coerce.number().int().min(1).max(1000).default(10),
  // Outgoing SMS cost money: past this many sent in a day (UTC), messages wait for the next day.
  SMS_DAILY_LIMIT: z.coerce.number().int().min(1).default(1000),
  // How local numbers ("0712 345 678") are read: an ISO 3166 country code (KE, IN, ZA).
  SMS_DEFAULT_COUNTRY: z
    .string()
    .transform((text, ctx) => {
      const code = parseCountryCode(text);
      if (code) return code;
      ctx.addIssue({ code: "custom", message: "must be a two-letter country code such as KE, IN or ZA" });
      return z.NEVER;
    })
    .optional(),
};

type SmsEnv = z.infer<z.ZodObject<typeof smsEnvShape>> & { PUBLIC_URL?: string | undefined };

const REQUIRED = [
  "KANNEL_SENDSMS_URL",
  "KANNEL_USERNAME",
  "KANNEL_PASSWORD",
  "SMS_NUMBER",
  "SMS_INBOUND_TOKEN",
] as const;

/** Every setting missing for SMS_GATEWAY, said at once. */
export function checkSmsSettings(e: SmsEnv, ctx: z.RefinementCtx): void {
  if (!e.SMS_GATEWAY) return;
  for (const name of REQUIRED) {
    if (!e[name]) ctx.addIssue({ code: "custom", message: "required with SMS_GATEWAY", path: [name] });
  }
  // SMS carry private links to people's phones: never built from a request's Host header (decision 022).
  if (!e.PUBLIC_URL) {
    ctx.addIssue({
      code: "custom",
      message: "required with SMS_GATEWAY: links in SMS are built from it",
      path: ["PUBLIC_URL"],
    });
  }
}

export interface SmsConfig {
  gateway: "kannel";
  kannel: { sendsmsUrl: string; username: string; password: string };
  /** SMS_NUMBER: the portal's number or short code, the sender of every SMS. */
  number: string;
  /** SMS_INBOUND_TOKEN: the inbound and delivery-report URLs refuse a request without it. */
  inboundToken: string;
  reportsPerNumberPerDay: number;
  dailyLimit: number;
  /** SMS_DEFAULT_COUNTRY: how numbers without a country code are read; undefined: international numbers only. */
  defaultCountry: CountryCode | undefined;
}

export function smsConfig(e: SmsEnv): SmsConfig | undefined {
  if (!e.SMS_GATEWAY) return undefined;
  // checkSmsSettings made each of these required with SMS_GATEWAY.
  const required = (value: string | undefined): string => value ?? "";
  return {
    gateway: e.SMS_GATEWAY,
    kannel: {
      sendsmsUrl: required(e.KANNEL_SENDSMS_URL),
      username: required(e.KANNEL_USERNAME),
      password: required(e.KANNEL_PASSWORD),
    },
    number: required(e.SMS_NUMBER),
    inboundToken: required(e.SMS_INBOUND_TOKEN),
    reportsPerNumberPerDay: e.SMS_REPORTS_PER_NUMBER_PER_DAY,
    dailyLimit: e.SMS_DAILY_LIMIT,
    defaultCountry: e.SMS_DEFAULT_COUNTRY,
  };
}
