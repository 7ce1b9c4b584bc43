import { msg } from "../i18n/locales.ts";

/**
 * The portal's own category icons (drawn in src/web/lib/categories/category-icon.tsx): a category stores one of these
 * keys (migration 021) and administrators pick from them. Each has a name for the administrators' picker.
 */
export const CATEGORY_ICONS = {
  droplet: msg("Drop of water"),
  tap: msg("Tap"),
  toilet: msg("Toilet"),
  pipe: msg("Pipe"),
  leak: msg("Leaking pipe"),
  drain: msg("Drain"),
  meter: msg("Water meter"),
  pump: msg("Pump"),
  tank: msg("Tank"),
  other: msg("Other problem"),
} as const;

export type CategoryIcon = keyof typeof CATEGORY_ICONS;
export const CATEGORY_ICON_KEYS = Object.keys(CATEGORY_ICONS) as [CategoryIcon, ...CategoryIcon[]];

export const isCategoryIcon = (value: unknown): value is CategoryIcon =>
  typeof value === "string" && Object.hasOwn(CATEGORY_ICONS, value);
