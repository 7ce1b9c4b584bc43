import { randomInt } from "node:crypto";

/**
 * Object names (specification §3): timestamp, random string, sanitised original name, in that order, joined
 * by "-". The extension is that of the real (re-encoded) format, never the uploaded name's.
 */

export const IMAGE_EXTENSIONS = ["jpg", "png", "gif", "webp"] as const;
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];

// Every key any store accepts. Checked before a path or URL is built from a key, so "..", "/", "%" and
// anything else unexpected can never reach the file system. ".thumb" and ".medium" mark the smaller versions.
const OBJECT_KEY_PATTERN = /^[0-9]{13}-[a-z0-9]{10}-[a-z0-9-]{1,80}(\.thumb|\.medium)?\.(jpg|png|gif|webp)$/;

const CONTENT_TYPES: Record<ImageExtension, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
};

export function isValidObjectKey(key: string): boolean {
  return OBJECT_KEY_PATTERN.test(key);
}

// What a crash can leave in a bucket besides images: a probe object (storage check) or, in the folder store, a
// file still under its temporary name. The orphan sweep removes them too.
const LEFTOVER_PATTERN =
  /^(\.probe-[0-9]{1,10}-[0-9]{13}|[0-9]{13}-[a-z0-9]{10}-[a-z0-9-]{1,80}(\.thumb|\.medium)?\.(jpg|png|gif|webp)\.[0-9]{1,10}\.tmp)$/;

export function isLeftoverName(name: string): boolean {
  return LEFTOVER_PATTERN.test(name);
}

/** Content type of a valid key, from its extension; undefined for an invalid key. */
export function contentTypeOfKey(key: string): string | undefined {
  const match = OBJECT_KEY_PATTERN.exec(key);
  return match ? CONTENT_TYPES[match[2] as ImageExtension] : undefined;
}

const MAX_NAME_LENGTH = 60;

/** "My Photo (1).JPEG" -> "my-photo-1"; nothing usable -> "image". */
export function sanitiseFileName(originalName: string): string {
  const base = originalName.split(/[\\/]/).pop() ?? "";
  const stem = base.includes(".") ? base.slice(0, base.lastIndexOf(".")) : base;
  const cleaned = stem
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_NAME_LENGTH)
    .replace(/-+$/, "");
  return cleaned || "image";
}

const RANDOM_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

function randomSuffix(length = 10): string {
  let out = "";
  for (let i = 0; i < length; i++) out += RANDOM_ALPHABET[randomInt(RANDOM_ALPHABET.length)];
  return out;
}

export interface ImageKeys {
  key: string;
  thumbnailKey: string;
  mediumKey: string;
}

/** The full image's key and those of its thumbnail and medium version, which share its stem. */
export function makeImageKeys(originalName: string, extension: ImageExtension, now = Date.now()): ImageKeys {
  const stem = `${String(now).padStart(13, "0")}-${randomSuffix()}-${sanitiseFileName(originalName)}`;
  return { key: `${stem}.${extension}`, thumbnailKey: `${stem}.thumb.webp`, mediumKey: `${stem}.medium.webp` };
}
