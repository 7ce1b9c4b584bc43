import { randomBytes } from "node:crypto";
import { REFERENCE_ALPHABET, REFERENCE_CODE_LENGTH, REFERENCE_PREFIX } from "#shared/grievances/reference.ts";

/**
 * A new report's reference from the operating system's random source: 6 characters of 32, 30 bits. Two reports
 * may draw the same one (at a million reports, about one new report in a thousand would); the insert notices and
 * the service draws again (grievance-service.ts). Each byte's low 5 bits pick a character: 256 is a multiple of
 * 32, so every character is equally likely.
 */
export function newReference(random: (size: number) => Uint8Array = randomBytes): string {
  const bytes = random(REFERENCE_CODE_LENGTH);
  let code = "";
  for (const byte of bytes) code += REFERENCE_ALPHABET[byte & 31];
  return REFERENCE_PREFIX + code;
}
