import { createHash } from "node:crypto";
import fs from "node:fs";

/** PORTAL_LOGO, read once at start-up and served from memory (operator-routes.ts). */
export interface OperatorLogo {
  bytes: Buffer;
  mime: "image/png" | "image/svg+xml" | "image/webp" | "image/jpeg";
  /** A short hash of the bytes: the page names the logo with it, so a new file is fetched despite the long cache. */
  version: string;
}

/** A logo is a small picture in the footer; a larger file is a mistake (a photograph, a print-quality original). */
export const MAX_LOGO_BYTES = 512 * 1024;

/**
 * The logo file, its type judged by its content (magic bytes; for SVG, an <svg> root element), never by its name:
 * a misnamed or broken file stops the start with a message rather than showing a broken image on every page.
 */
export function readOperatorLogo(file: string): OperatorLogo {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  if (bytes.length > MAX_LOGO_BYTES) {
    throw new Error(`${file} is ${bytes.length} bytes; a logo must be at most ${MAX_LOGO_BYTES} bytes`);
  }
  const mime = imageTypeOf(bytes);
  if (!mime) throw new Error(`${file} is not a PNG, SVG, WebP or JPEG image (judged by its content, not its name)`);
  return { bytes, mime, version: createHash("sha256").update(bytes).digest("hex").slice(0, 12) };
}

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

function imageTypeOf(bytes: Buffer): OperatorLogo["mime"] | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  return isSvg(bytes) ? "image/svg+xml" : undefined;
}

/** An XML text whose root element is <svg>: what comes before it may only be a declaration, comments and a doctype. */
function isSvg(bytes: Buffer): boolean {
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  const prolog = /^(?:\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i;
  const rest = text.slice(prolog.exec(text)?.[0].length ?? 0);
  return /^<svg[\s>/]/.test(rest) && /<\/svg>\s*$|\/>\s*$/.test(rest);
}
