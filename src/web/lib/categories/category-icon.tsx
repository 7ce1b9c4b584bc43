import type { CategoryIcon as IconKey } from "#shared/categories/category-icons.ts";
import "./category-icon.css";

/**
 * The portal's category icons (keys in src/shared/categories/category-icons.ts): 24-unit line drawings in the
 * text's colour, inline so that they cost no request and follow the theme. Decorative: the category's name is always
 * next to them, so they are hidden from assistive technology. Imported by the form and the administrators' page
 * only (their own chunks), never by the first load of `/`.
 */
const PATHS: Record<IconKey, string> = {
  droplet: "M12 3c3 4.2 6 7.6 6 11a6 6 0 0 1-12 0c0-3.4 3-6.8 6-11z M9 14.5a3 3 0 0 0 3 3",
  tap: "M3 8h9v5H3z M7 8V5h5 M12 9h3a4 4 0 0 1 4 4v1 M19 17.5v.5 M5 5h4",
  toilet: "M6 3h5v8H6z M4 11h15a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z M9 16l-1 5h7l-1-5",
  pipe: "M3 7h9a5 5 0 0 1 5 5v9 M3 13h7a1 1 0 0 1 1 1v7 M3 5v10 M9 21h10",
  leak: "M2 5h20 M2 10h20 M11 10l1 2 M12 14.5c-1 1.4-1.6 2.3-1.6 3.1a1.6 1.6 0 0 0 3.2 0c0-.8-.6-1.7-1.6-3.1z M17 16v1 M7 17v1",
  drain: "M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18z M7 9h10 M5.5 12h13 M7 15h10",
  meter: "M12 4a8 8 0 1 1 0 16a8 8 0 1 1 0-16z M12 12l3.5-3.5 M9 16h6 M12 4v2 M4 12h2 M18 12h2",
  pump: "M5 21h14 M9 21V9h6v12 M15 11h3v3 M10 9L6 4 M8 13h2",
  tank: "M5 7c0-1.7 3.1-3 7-3s7 1.3 7 3-3.1 3-7 3-7-1.3-7-3z M5 7v10c0 1.7 3.1 3 7 3s7-1.3 7-3V7 M5 12c0 1.7 3.1 3 7 3s7-1.3 7-3",
  other: "M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18z M8 12h.01 M12 12h.01 M16 12h.01",
};

export function CategoryIcon({ icon, className = "category-icon" }: { icon: IconKey; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[icon] ?? PATHS.other} />
    </svg>
  );
}
