import type { SmsConfig } from "./sms-config.ts";

/** One SMS for the gateway: the outbox row's id (for delivery reports), the number in E.164, the finished text. */
export interface SmsToSend {
  id: string;
  to: string;
  text: string;
}

/**
 * What the SMS worker needs from a gateway (docs/decisions/035-sms-through-a-gateway.md): hand over one message, and
 * resolve once the gateway has accepted it (queued by the gateway counts). Kannel is the first; Africa's Talking,
 * Twilio or RapidPro would each be one more adapter behind this.
 */
export interface SmsGateway {
  readonly kind: SmsConfig["gateway"];
  /** Where messages go, for the start-up log: never a password. */
  readonly description: string;
  /** Rejects with SmsGatewayError when the gateway did not accept the message. */
  send(sms: SmsToSend): Promise<void>;
}

/**
 * A message the gateway did not take. `scope` says whom it concerns: "gateway" when the gateway could not be reached
 * or refused everything (down, timed out, a server error, our credentials refused): every message waits for it to be
 * back; "message" when it refused this one message (its number or text), which is retried on its own and in the end
 * given up.
 */
export class SmsGatewayError extends Error {
  readonly scope: "gateway" | "message";
  constructor(message: string, scope: "gateway" | "message") {
    super(message);
    this.name = "SmsGatewayError";
    this.scope = scope;
  }
}
