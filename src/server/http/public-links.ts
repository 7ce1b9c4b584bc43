import { createHash } from "node:crypto";
import type { Config } from "../config.ts";

/**
 * Links that leave in anything but the answer to the requester's own request come from configuration only, never
 * from the request's Host header (docs/decisions/022-links-from-configuration.md): an e-mail may go to any address
 * typed in (a receipt, a follow or alert confirmation) or to other people (followers, alert subscribers), and a
 * feed or CAP document is cached publicly and handed to everyone. A forged Host would otherwise put another site's
 * address in a neighbour's e-mail or in every feed reader.
 */

/**
 * Where links in e-mail start: PUBLIC_URL. Without it e-mail cannot be sent (config.ts refuses SMTP_URL without
 * PUBLIC_URL); messages are only written to DATA_DIR/mail, and their links point to this machine's own address.
 */
export function mailLinkBaseOf(config: Pick<Config, "publicUrl" | "host" | "port">): string {
  return config.publicUrl ?? localUrlOf(config.host, config.port);
}

/** The portal's own address from HOST and PORT, as people open it: a wildcard or loopback address as localhost. */
export function localUrlOf(host: string, port: number): string {
  const shown = host === "127.0.0.1" || host === "0.0.0.0" || host === "::" || host === "::1" ? "localhost" : host;
  return `http://${shown.includes(":") ? `[${shown}]` : shown}:${port}`;
}

export interface FeedLinks {
  /** The start of every link: PUBLIC_URL, or "" for links relative to the feed's own address (readers resolve them). */
  base: string;
  /** An absolute, stable id for a link (Atom ids must be absolute IRIs): the link under PUBLIC_URL, else a URN. */
  idOf(href: string): string;
  /** The URI of the portal, for Atom's generator: PUBLIC_URL, else none. */
  generatorUri: string | undefined;
  /** CAP's sender and the start of its identifiers: PUBLIC_URL's host name, else "localhost". */
  senderDomain: string;
}

// RFC 9562's namespace for URLs: ids made from a link's path with it are the same on every instance and restart.
const URL_NAMESPACE = Buffer.from("6ba7b8119dad11d180b400c04fd430c8", "hex");

/** A name-based (version 5) UUID URN of `name`: stable, absolute, and derived from nothing a request says. */
export function uuidUrnOf(name: string): string {
  const hash = createHash("sha1").update(URL_NAMESPACE).update(name, "utf8").digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function feedLinksOf(publicUrl: string | undefined): FeedLinks {
  if (publicUrl) {
    return {
      base: publicUrl,
      idOf: (href) => href,
      generatorUri: publicUrl,
      senderDomain: new URL(publicUrl).hostname,
    };
  }
  return { base: "", idOf: (href) => uuidUrnOf(href), generatorUri: undefined, senderDomain: "localhost" };
}
