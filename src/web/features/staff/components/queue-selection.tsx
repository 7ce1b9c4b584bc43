import { useState } from "react";
import type { StaffQueueResponse } from "#shared/staff/staff-api.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";

type QueueItem = StaffQueueResponse["items"][number];

/** The reports chosen in the queue for a bulk action (bulk-actions.tsx), kept while paging through the queue. */
export interface QueueSelection {
  chosen: ReadonlySet<string>;
  /** Chooses (`on`) or lets go of these reports. */
  setMany: (ids: readonly string[], on: boolean) => void;
  clear: () => void;
}

export function useQueueSelection(): QueueSelection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  return {
    chosen,
    setMany: (ids, on) =>
      setChosen((previous) => {
        const next = new Set(previous);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    clear: () => setChosen(new Set()),
  };
}

/** Who is responsible for the report: its team and, within it, the person; "Needs a team" while it has none. */
export function QueueTeam({ item }: { item: QueueItem }) {
  const t = useT();
  if (!item.team) return <span className="muted">{t("Needs a team")}</span>;
  return (
    <span className="queue-team">
      <bdi>{item.team.name}</bdi>
      {item.assignee && (
        <>
          <br />
          <bdi className="muted">{item.assignee.email}</bdi>
        </>
      )}
    </span>
  );
}
