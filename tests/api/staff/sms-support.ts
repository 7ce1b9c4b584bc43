import type { SmsConfig } from "#server/sms/sms-config.ts";

/** SMS set up for the staff's SMS tests (docs/decisions/041-sms-for-staff.md); no gateway listens there. */
export const TEST_SMS: SmsConfig = {
  gateway: "kannel",
  kannel: { sendsmsUrl: "http://127.0.0.1:9/cgi-bin/sendsms", username: "portal", password: "secret" },
  number: "+254700000100",
  inboundToken: "0123456789abcdef0123456789abcdef",
  reportsPerNumberPerDay: 10,
  dailyLimit: 1000,
  defaultCountry: "KE",
};
