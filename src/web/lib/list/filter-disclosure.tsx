import { useState, type ReactNode } from "react";
import { useT } from "../i18n/i18n-context.tsx";
import "#web/styles/filter-disclosure.css";

/** Below this width the filters start folded away: on a phone they would otherwise fill the first screen. */
const NARROW_SCREEN = "(max-width: 640px)";

/**
 * The filters of the list and of the work queue, folded behind "Filters" on a phone (open on a wider screen, where
 * the heading is hidden). The heading says how many are set, so a folded filter is never a surprise.
 */
export function FilterDisclosure({ activeCount, children }: { activeCount: number; children: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(() => !window.matchMedia(NARROW_SCREEN).matches);
  return (
    <details
      className="filter-disclosure"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="filter-disclosure"
    >
      <summary>
        {t("Filters")}
        {/* A plural, though English says "(1 set)" and "(2 set)" alike: other languages agree the word with the count. */}
        {activeCount > 0 && (
          <span className="filter-disclosure__count">{` ${t("{count, plural, other {(# set)}}", { count: activeCount })}`}</span>
        )}
      </summary>
      {children}
    </details>
  );
}
