import { useEffect, useState } from "react";

const DEBOUNCE_MS = 400;
const NONE: never[] = [];

/**
 * Suggestions asked for as the resident types (the report form's "Has someone already reported this?" and "This
 * is probably part of …"): `search` is the question's query string, undefined while there is nothing to ask. Asked
 * 400 ms after the last change, earlier questions cancelled; a failure is logged and shows nothing, since the form
 * works without suggestions. While a newer question is on its way the last answer stays, so the list does not
 * flicker as the text grows.
 */
export function useSuggestions<Item>(
  search: string | undefined,
  ask: (search: string, signal: AbortSignal) => Promise<{ items: Item[] }>,
  what: string,
): Item[] {
  const [answer, setAnswer] = useState<{ search: string; items: Item[] } | null>(null);
  useEffect(() => {
    if (!search) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      ask(search, controller.signal).then(
        ({ items }) => setAnswer({ search, items }),
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          console.warn(`${what} could not be loaded:`, failure);
          setAnswer({ search, items: NONE });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `ask` and `what` are module-level functions and texts at both call sites.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  return search && answer ? answer.items : NONE;
}
