import { Link } from "react-router";
import type { PublicGrievance } from "../../../../shared/api-types.ts";
import { formatDateTime } from "../../../../shared/format.ts";
import { paths } from "../../../lib/paths.ts";
import { PriorityBadge, StatusBadge } from "./badges.tsx";
import { AttachedImages } from "./attached-images.tsx";
import { GrievanceProgressSlot } from "./progress-slot.tsx";

export function GrievanceDetails({ grievance }: { grievance: PublicGrievance }) {
  const hasContact = Boolean(grievance.user_email || grievance.user_phone);

  return (
    <article className="details card" data-testid="grievance-details">
      <header className="details__header">
        <h1 className="details__title">{grievance.title}</h1>
        <div className="badge-row">
          <PriorityBadge priority={grievance.priority} withWord />
          <StatusBadge status={grievance.status} />
        </div>
      </header>

      <div className="details__meta">
        <p>
          <span className="details__meta-label">Reported on</span>{" "}
          <time dateTime={grievance.created_at}>{formatDateTime(grievance.created_at)}</time>
        </p>
        {grievance.location && (
          <p>
            <span className="details__meta-label">Location:</span> {grievance.location}
          </p>
        )}
        <p>
          <span className="details__meta-label">Category:</span> {grievance.category}
        </p>
      </div>

      {hasContact && (
        <section className="contact-box" aria-labelledby="contact-heading">
          <h2 id="contact-heading">Contact Information:</h2>
          {grievance.user_email && (
            <p>
              <span className="details__meta-label">Email:</span> {grievance.user_email}
            </p>
          )}
          {grievance.user_phone && (
            <p>
              <span className="details__meta-label">Phone:</span> {grievance.user_phone}
            </p>
          )}
        </section>
      )}

      <section className="details__section" aria-labelledby="description-heading">
        <h2 id="description-heading">Issue Description</h2>
        <p className="details__description">{grievance.description}</p>
      </section>

      <GrievanceProgressSlot grievance={grievance} />

      <AttachedImages images={grievance.images} />

      <nav className="details__links" aria-label="More actions">
        <Link className="button" to={paths.submit()}>
          Report Another Issue
        </Link>
        <Link className="button button--secondary" to={paths.list()}>
          View All Grievances
        </Link>
      </nav>
    </article>
  );
}
