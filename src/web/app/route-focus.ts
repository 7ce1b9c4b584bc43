import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** What takes the focus on a new page: its main heading. */
const TARGET = "main h1";
const WAIT_FOR_HEADING_MS = 5000;

function focusTarget(target: HTMLElement): void {
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  // The scroll position is ScrollRestoration's to set (top of a new page, where it was on Back).
  target.focus({ preventScroll: true });
}

/**
 * On every change of page (not of its query: a filter or a page number keeps the focus where the visitor is), the
 * focus moves to the new page's main heading, which a screen reader then reads: otherwise it stays on the link
 * just followed, or falls to the body (docs/accessibility.md). A page whose heading comes after its data (a
 * loading text first) gets the focus when the heading appears.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const found = document.querySelector<HTMLElement>(TARGET);
    if (found) {
      focusTarget(found);
      return;
    }
    const main = document.querySelector<HTMLElement>("main");
    if (!main) return;
    // If the visitor moves on before the heading comes, the focus stays where they put it.
    const before = document.activeElement;
    const untouched = () => document.activeElement === before || document.activeElement === document.body;
    const observer = new MutationObserver(() => {
      const heading = main.querySelector<HTMLElement>(TARGET);
      if (!heading) return;
      observer.disconnect();
      if (untouched()) focusTarget(heading);
    });
    observer.observe(main, { childList: true, subtree: true });
    const giveUp = setTimeout(() => {
      observer.disconnect();
      if (untouched()) focusTarget(main);
    }, WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname]);
}
