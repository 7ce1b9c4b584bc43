/**
 * PORTAL_BRAND_COLOR: the operator's colour, behind white text in the header and on the buttons, and as text on
 * white (the current page in the navigation). Contrast is symmetric, so one ratio against white decides both: at
 * least WCAG 2.x AA for normal text, 4.5:1 (docs/accessibility.md).
 */
export const MIN_CONTRAST_WITH_WHITE = 4.5;

/** A channel (0–255) as WCAG 2.x linear light. */
const linear = (channel: number): number => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2.x relative luminance of a "#rrggbb" colour: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2.x contrast ratio of two "#rrggbb" colours, from 1 (none) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * "#rgb" or "#rrggbb" as lowercase "#rrggbb"; throws an Error saying what is wrong when it is not a hex colour, or when
 * white text on it (and it as text on white) would be harder to read than WCAG AA allows.
 */
export function parseBrandColor(text: string): string {
  const value = text.trim().toLowerCase();
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value);
  if (!match) throw new Error(`must be a hex colour such as #0b5d8c (got "${text}")`);
  const digits = match[1]!;
  const hex = digits.length === 3 ? `#${[...digits].map((d) => d + d).join("")}` : value;
  const ratio = contrastRatio(hex, "#ffffff");
  if (ratio < MIN_CONTRAST_WITH_WHITE) {
    throw new Error(
      `${hex} is too light: white text on it has a contrast of ${ratio.toFixed(2)}:1, and WCAG AA asks for at least ` +
        `${MIN_CONTRAST_WITH_WHITE}:1 (the header's and buttons' white text sits on it). Choose a darker shade.`,
    );
  }
  return hex;
}
