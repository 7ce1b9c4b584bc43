import { Link } from "react-router";
import type { PublicGrievance } from "#shared/api-types.ts";
import { truncateDescription } from "#shared/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { formatDate } from "#web/lib/i18n/format.ts";
import { paths } from "#web/lib/paths.ts";
import { timeAgo } from "#web/lib/time-ago.ts";
import { AffectedCount } from "#web/lib/grievance-view/affected-count.tsx";
import { PriorityBadge, StatusBadge } from "#web/lib/grievance-view/badges.tsx";
import { WaterDropIcon } from "./water-drop-icon.tsx";

/**
 * Cards in the list's first row at its widest (a 1200 px container of cards at least 280 px wide). Their thumbnails
 * are on screen at once and the first is usually the page's largest paint, so they are fetched first, not lazily.
 */
export const FIRST_ROW_CARDS = 3;

interface GrievanceCardProps {
  grievance: PublicGrievance;
  /** The card's place in the list, from 0. */
  position: number;
}

export function GrievanceCard({ grievance, position }: GrievanceCardProps) {
  const t = useT();
  const firstImage = grievance.images[0];
  const inFirstRow = position < FIRST_ROW_CARDS;
  return (
    <article className="card grievance-card" data-testid="grievance-card">
      {firstImage ? (
        <img
          className="grievance-card__image"
          src={firstImage.thumbnailUrl}
          alt={grievance.title}
          loading={inFirstRow ? "eager" : "lazy"}
          fetchPriority={inFirstRow ? "high" : undefined}
          width={400}
          height={225}
        />
      ) : (
        // The specification's placeholder, as a slim band: a tall empty box would push the words out of view.
        <div className="grievance-card__placeholder" aria-hidden="true">
          <WaterDropIcon size={22} />
          <span>{t("No photo")}</span>
        </div>
      )}
      <div className="grievance-card__body">
        {/* Status first and strongest: it is what residents come to see (docs/accessibility.md). */}
        <div className="badge-row">
          <StatusBadge status={grievance.status} />
          <PriorityBadge priority={grievance.priority} />
        </div>
        <h2 className="grievance-card__title">
          <Link to={paths.grievance(grievance.id)}>
            <bdi>{grievance.title}</bdi>
          </Link>
        </h2>
        <p className="grievance-card__reference reference" data-testid="card-reference">
          {grievance.reference}
        </p>
        {grievance.location && (
          <p className="grievance-card__location" data-testid="card-location">
            <span className="visually-hidden">{`${t("Location:")} `}</span>
            <bdi>{grievance.location}</bdi>
          </p>
        )}
        <p className="grievance-card__description" dir="auto">
          {truncateDescription(grievance.description)}
        </p>
        {grievance.affected > 1 && (
          <p className="grievance-card__affected">
            <AffectedCount affected={grievance.affected} />
          </p>
        )}
        <div className="grievance-card__footer">
          <span className="muted">
            <time dateTime={grievance.created_at}>{formatDate(grievance.created_at)}</time>
            <span className="grievance-card__age">{` · ${timeAgo(grievance.created_at)}`}</span>
          </span>
          <Link className="link-button" to={paths.grievance(grievance.id)}>
            {t("View Details")}
          </Link>
        </div>
      </div>
    </article>
  );
}
