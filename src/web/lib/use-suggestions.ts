import { useApiData } from "./use-api-data.ts";

const DEBOUNCE_MS = 400;
const NONE: never[] = [];

/**
 * Suggestions asked for as the resident types (the report form's "Has someone already reported this?" and "This
 * is probably part of …"): `search` is the question's query string, undefined while there is nothing to ask. Asked
 * 400 ms after the last change, earlier questions cancelled (useApiData); a failure is logged and shows nothing,
 * since the form works without suggestions. While a newer question is on its way the last answer stays, so the list
 * does not flicker as the text grows.
 */
export function useSuggestions<Item>(
  search: string | undefined,
  ask: (search: string, signal: AbortSignal) => Promise<{ items: Item[] }>,
  what: string,
): Item[] {
  const answer = useApiData(search, ask, { delayMs: DEBOUNCE_MS, what });
  if (answer.state === "loaded") return answer.data.items;
  if (answer.state === "loading") return answer.previous?.items ?? NONE;
  return NONE;
}
