import { apiPaths } from "#shared/api-paths.ts";
import { SmsGatewayError, type SmsGateway, type SmsToSend } from "./sms-gateway.ts";
import { codingOf } from "./sms-text.ts";

export interface KannelGatewayOptions {
  /** KANNEL_SENDSMS_URL: smsbox's sendsms interface, e.g. http://127.0.0.1:13013/cgi-bin/sendsms. */
  sendsmsUrl: string;
  username: string;
  password: string;
  /** SMS_NUMBER: the sender of every message. */
  from: string;
  /** SMS_INBOUND_TOKEN: carried in the delivery-report URL so that only Kannel can report. */
  token: string;
  /** PUBLIC_URL: Kannel calls the portal back there. */
  publicUrl: string;
  /** How long Kannel may take to answer (default 10 s): smsbox answers at once, queueing when bearerbox is busy. */
  timeoutMs?: number;
}

// Kannel's dlr-mask bits: 1 delivered to the phone, 2 failed at the phone's network, 4 buffered by the SMS centre.
// (8 and 16, the SMS centre's own acknowledgement, tell nothing the sendsms answer did not.)
export const DLR_MASK = 1 + 2 + 4;

// smsbox's answers to a sendsms it took: "0: Accepted for delivery", or "3: Queued for later delivery" when bearerbox
// is not reachable (smsbox keeps it and passes it on later). Anything else is a refusal.
const ACCEPTED = /^\s*[03]:/;

/**
 * Kannel's sendsms (docs/decisions/035-sms-through-a-gateway.md, docs/sms.md): one HTTP GET per message. A text
 * outside GSM-7 goes as UCS-2 (coding=2), given to Kannel in UTF-8 (charset=UTF-8), which converts it. Each message
 * asks for delivery reports at PUBLIC_URL's /api/sms/kannel/delivery, with the message's id and Kannel's %d (the
 * status) in the URL. The password is in the request's URL, so the URL is never logged nor put in an error.
 */
export class KannelGateway implements SmsGateway {
  readonly kind = "kannel" as const;
  readonly description: string;
  private readonly options: KannelGatewayOptions;
  private readonly deliveryUrl: string;

  constructor(options: KannelGatewayOptions) {
    this.options = options;
    const endpoint = new URL(options.sendsmsUrl);
    this.description = `Kannel sendsms at ${endpoint.origin}${endpoint.pathname}`;
    // Under PUBLIC_URL as every link the portal hands out (http/public-links.ts), its path included.
    this.deliveryUrl = `${options.publicUrl.replace(/\/+$/, "")}${apiPaths.smsKannelDelivery}`;
  }

  /**
   * The dlr-url of one message: the token and the id percent-encoded, Kannel's %d left for it to fill in. Kannel reads
   * every "%" of the URL as one of its own codes ("%C3", a token's "é", would become "UTF-83"); "%%" is its escape
   * for a plain "%" (seen with Kannel 1.4.5, tests/faults/sms-gateway-outage.test.ts).
   */
  deliveryReportUrl(id: string): string {
    const kannelEscaped = (value: string) => encodeURIComponent(value).replaceAll("%", "%%");
    const query = `token=${kannelEscaped(this.options.token)}&id=${kannelEscaped(id)}&status=%d`;
    return `${this.deliveryUrl}?${query}`;
  }

  /** The sendsms request for one message (the password inside: never logged). */
  requestUrl(sms: SmsToSend): URL {
    const url = new URL(this.options.sendsmsUrl);
    const params = url.searchParams;
    params.set("username", this.options.username);
    params.set("password", this.options.password);
    params.set("from", this.options.from);
    params.set("to", sms.to);
    params.set("text", sms.text);
    params.set("charset", "UTF-8");
    if (codingOf(sms.text) === "ucs2") params.set("coding", "2");
    params.set("dlr-mask", String(DLR_MASK));
    params.set("dlr-url", this.deliveryReportUrl(sms.id));
    return url;
  }

  async send(sms: SmsToSend): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.requestUrl(sms), {
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        redirect: "error",
      });
    } catch (error) {
      throw new SmsGatewayError(`Kannel could not be reached: ${reasonOf(error)}`, "gateway");
    }
    const answer = (await response.text().catch(() => "")).replace(/\s+/g, " ").trim().slice(0, 200);
    if (response.ok && ACCEPTED.test(answer)) return;
    // 4xx but for credentials: Kannel refused this message (a receiver it cannot use, a text it cannot take).
    // Credentials refused, a server error, or an answer that is not Kannel's: nothing will go until it is fixed.
    const aboutTheMessage = response.status >= 400 && response.status < 500 && ![401, 403].includes(response.status);
    throw new SmsGatewayError(
      `Kannel answered ${response.status}${answer ? `: ${answer}` : ""}`,
      aboutTheMessage ? "message" : "gateway",
    );
  }
}

/** Why fetch failed, in a few words (its own message is only "fetch failed"), never the URL. */
function reasonOf(error: unknown): string {
  if (error instanceof DOMException && error.name === "TimeoutError") return "no answer within the time allowed";
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (cause && typeof cause.code === "string") return cause.code;
  if (cause && typeof cause.message === "string") return cause.message;
  return error instanceof Error ? error.message : String(error);
}
