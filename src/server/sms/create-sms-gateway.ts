import type { SmsConfig } from "./sms-config.ts";
import { KannelGateway } from "./kannel-gateway.ts";
import type { SmsGateway } from "./sms-gateway.ts";

/** The gateway SMS_GATEWAY names. `publicUrl`: PUBLIC_URL, where the gateway sends its delivery reports. */
export function createSmsGateway(sms: SmsConfig, publicUrl: string): SmsGateway {
  switch (sms.gateway) {
    case "kannel":
      return new KannelGateway({ ...sms.kannel, from: sms.number, token: sms.inboundToken, publicUrl });
  }
}
