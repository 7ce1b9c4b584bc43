import { useEffect, useState } from "react";
import type { GrievanceProgress } from "#shared/staff/staff-api.ts";
import { getGrievanceProgress } from "./progress.ts";

export type ProgressState =
  { state: "loading" } | { state: "loaded"; progress: GrievanceProgress } | { state: "failed" };

/**
 * Fetches the timeline from inside the details page rather than its loader: a failure here must only affect
 * the Progress section, never the rest of the page (which has already loaded).
 */
export function useGrievanceProgress(id: string): ProgressState {
  const [result, setResult] = useState<{ id: string; value: ProgressState } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getGrievanceProgress(id, controller.signal).then(
      (progress) => setResult({ id, value: { state: "loaded", progress } }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          console.error("Progress could not be loaded:", error);
          setResult({ id, value: { state: "failed" } });
        }
      },
    );
    return () => controller.abort();
  }, [id]);
  // A result for another report (the visitor moved on) counts as still loading.
  return result && result.id === id ? result.value : { state: "loading" };
}
