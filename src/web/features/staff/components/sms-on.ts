import { useRouteLoaderData } from "react-router";
import { routeIds } from "#web/lib/paths.ts";
import type { staffLayoutLoader } from "../routes/staff-layout.tsx";

/** Whether SMS is set up on this portal (the session's answer, read once when the console is entered). */
export function useSmsOn(): boolean {
  return useRouteLoaderData<typeof staffLayoutLoader>(routeIds.staffConsole)?.sms ?? false;
}
