import { useCallback, useState } from "react";
import { useNavigation, useSearchParams, type NavigateOptions } from "react-router";

type ParamsChange = (current: URLSearchParams) => URLSearchParams;

/**
 * The URL query of a filtered page, as the visitor last asked for it. React Router applies a navigation inside a
 * transition, so a control bound to the committed query would snap back on the click (a checkbox unticks itself)
 * until the new data arrives. Here the query shows, in order: the change just asked for (kept until the URL
 * moves), the pending navigation's query while its loader runs, and the committed query. Changes build on what is
 * shown, so two quick changes both count.
 */
export function useFilterParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const [requested, setRequested] = useState<{ from: string; params: URLSearchParams } | null>(null);

  const committed = searchParams.toString();
  // Once the URL has moved, the request is answered (or overtaken, e.g. by the back button): forget it, so that
  // coming back to the same query later does not resurrect it.
  if (requested && requested.from !== committed) setRequested(null);
  const pending = navigation.location;
  const params =
    requested?.from === committed
      ? requested.params
      : pending && pending.pathname === window.location.pathname
        ? new URLSearchParams(pending.search)
        : searchParams;

  // The same function while the query is the same, so an effect that writes the query (the search box's
  // debounce) is not restarted by every render.
  const shown = params.toString();
  const change = useCallback(
    (update: ParamsChange, options?: NavigateOptions) => {
      const next = update(new URLSearchParams(shown));
      setRequested({ from: committed, params: next });
      setSearchParams(next, options);
    },
    [shown, committed, setSearchParams],
  );
  return [params, change] as const;
}
