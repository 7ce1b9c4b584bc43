import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";

/**
 * The page's one polite live region (docs/accessibility.md). Work in progress ("Submitting..."), results ("Showing 6
 * of 6 grievances") and confirmations are said through it, so that a screen reader hears them once and in order,
 * instead of from a dozen role="status" elements that appear and disappear with the page.
 */
type Announce = (message: string) => void;

const AnnouncerContext = createContext<Announce>(() => undefined);

export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const announce = useCallback<Announce>((next) => {
    clearTimeout(timer.current);
    // Emptied first, so that the same words said twice (two searches with the same count) are heard twice.
    setMessage("");
    timer.current = setTimeout(() => setMessage(next), 60);
  }, []);
  return (
    <AnnouncerContext.Provider value={announce}>
      {children}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer">
        {message}
      </div>
    </AnnouncerContext.Provider>
  );
}

/** announce(message): says the message through the page's live region. */
export function useAnnounce(): Announce {
  return useContext(AnnouncerContext);
}

/** Says `message` through the live region when it appears and whenever it changes (a count of results, say). */
export function useAnnouncement(message: string | null | undefined): void {
  const announce = useAnnounce();
  useEffect(() => {
    if (message) announce(message);
  }, [announce, message]);
}
