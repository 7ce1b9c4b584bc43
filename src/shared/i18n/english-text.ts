/**
 * A message with simple placeholders filled in, in English: for texts worded where a problem is found (a schema's
 * message, a server error) and translated later, where they are shown (translate-text.ts reads the values back).
 * The id must be a msg() literal with only `{name}` placeholders (docs/decisions/019-languages.md).
 */
export function englishText(id: string, values: Record<string, string | number>): string {
  return id.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
