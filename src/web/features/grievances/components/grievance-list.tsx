import type { GrievanceListResponse } from "#shared/api-types.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { showingCount } from "#web/lib/i18n/format.ts";
import { MESSAGES } from "#shared/messages.ts";
import { useAnnouncement } from "#web/lib/announcer.tsx";
import { WaterDropIcon } from "./water-drop-icon.tsx";
import { GrievanceCard } from "./grievance-card.tsx";
import { Pagination } from "#web/lib/list/pagination.tsx";

export function GrievanceList({ data }: { data: GrievanceListResponse }) {
  const t = useT();
  const count = showingCount(data);
  // Said through the page's one live region, once per result (docs/accessibility.md): two whole sentences, each
  // translated on its own.
  useAnnouncement(data.items.length === 0 ? `${count}. ${t(MESSAGES.noGrievances)}` : count);
  return (
    <>
      <p className="result-count" data-testid="result-count">
        {count}
      </p>
      {data.items.length === 0 ? (
        <div className="empty-state card">
          <span className="empty-state__icon">
            <WaterDropIcon size={48} />
          </span>
          <h2>{t(MESSAGES.noGrievances)}</h2>
          <p>{t(MESSAGES.noGrievancesHint)}</p>
        </div>
      ) : (
        <div className="grievance-grid" data-testid="grievance-grid">
          {data.items.map((grievance, index) => (
            <GrievanceCard key={grievance.id} grievance={grievance} position={index} />
          ))}
        </div>
      )}
      <Pagination data={data} />
    </>
  );
}

export function ListLoading() {
  const t = useT();
  return (
    // Shown, not announced: the count that follows is (docs/accessibility.md).
    <p className="loading" data-testid="list-loading">
      <span className="spinner" aria-hidden="true" />
      {t(MESSAGES.loadingList)}
    </p>
  );
}
