import { useEffect, useState } from "react";

/**
 * What a component reads for itself, in four states. A page's own data comes from its route's loader; this is for
 * what a component must ask while it is on screen (suggestions as the resident types, a section that loads apart
 * from its page so that its failure stays its own, a lazily loaded panel and the settings it needs).
 */
export type ApiData<T> =
  /** Nothing is asked (no key). */
  | { state: "idle" }
  /** The answer for this key is on its way; `previous` is the last answer for another key, if any. */
  | { state: "loading"; previous: T | undefined }
  | { state: "loaded"; data: T }
  | { state: "failed"; error: unknown };

export interface ApiDataOptions {
  /** Ask only once the key has stayed the same this long (typing): the questions before it are never sent. */
  delayMs?: number;
  /** Said in the console with the error when the read fails ("<what> could not be loaded"); quiet without it. */
  what?: string;
}

const IDLE: ApiData<never> = { state: "idle" };

/**
 * The one way a component reads data (docs/project-structure.md): `key` names the question (an id, a query string,
 * a fixed name) and undefined asks nothing. Each question gets its own AbortController, aborted when the key
 * changes and when the component goes, so a late answer never replaces a newer one; an answer kept for another key
 * counts as loading. `read` is a module-level function or a closure over nothing but the key: it is not a
 * dependency, the key is.
 */
export function useApiData<T>(
  key: string | undefined,
  read: (key: string, signal: AbortSignal) => Promise<T>,
  { delayMs = 0, what }: ApiDataOptions = {},
): ApiData<T> {
  const [answer, setAnswer] = useState<{ key: string; value: ApiData<T> } | null>(null);
  useEffect(() => {
    if (key === undefined) return;
    const controller = new AbortController();
    const ask = () => {
      read(key, controller.signal).then(
        (data) => {
          if (!controller.signal.aborted) setAnswer({ key, value: { state: "loaded", data } });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (what) console.warn(`${what} could not be loaded:`, error);
          setAnswer({ key, value: { state: "failed", error } });
        },
      );
    };
    const timer = delayMs > 0 ? setTimeout(ask, delayMs) : undefined;
    if (delayMs <= 0) ask();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `read` and `what` are fixed at each call site (see above).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, delayMs]);
  if (key === undefined) return IDLE;
  if (answer?.key === key) return answer.value;
  return { state: "loading", previous: answer?.value.state === "loaded" ? answer.value.data : undefined };
}

const shared = new Map<string, Promise<unknown>>();

/**
 * A read that every component of the page shares (the categories, the maps' settings): asked once per page load,
 * then the same promise for everyone. A failed one is forgotten, so the next reader asks again.
 */
export function readOnce<T>(name: string, read: () => Promise<T>): Promise<T> {
  let pending = shared.get(name) as Promise<T> | undefined;
  if (!pending) {
    pending = read();
    shared.set(name, pending);
    pending.catch(() => {
      if (shared.get(name) === pending) shared.delete(name);
    });
  }
  return pending;
}

/** The next reader of `name` asks the server again (after a change the page made itself). */
export function forgetRead(name: string): void {
  shared.delete(name);
}
