import { useNavigation, useSearchParams } from "react-router";

/**
 * The URL query of a filtered page, as it is about to be: while the loader of a filter change runs, the
 * pending location's query. Controls bound to it show the visitor's choice at once instead of snapping back
 * until the new data arrives.
 */
export function useFilterParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const pending = navigation.location;
  const params =
    pending && pending.pathname === window.location.pathname ? new URLSearchParams(pending.search) : searchParams;
  return [params, setSearchParams] as const;
}
