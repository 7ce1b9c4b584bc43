import { useId } from "react";
import type { LatLng } from "#shared/places/geo.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { incidentTextsIn } from "#shared/incidents/incident-texts.ts";
import { useLocale, useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { searchOf } from "#web/lib/query-string.ts";
import { IncidentAffectedButton } from "./incident-affected-button.tsx";
import { findMatchingIncidents } from "../api/incidents-api.ts";
import "./incidents.css";
import { useSuggestions } from "#web/lib/use-suggestions.ts";

/** What the form knows so far, for "This is probably part of …". */
export interface IncidentMatchInput {
  category: string;
  location: string;
  pin: LatLng | null;
}

/** Shorter location texts name no place worth comparing with the incidents' localities. */
const LOCATION_MIN_LENGTH = 3;

/** The query string to ask with, or undefined while the form holds nothing to match. */
export function incidentMatchSearch({ category, location, pin }: IncidentMatchInput): string | undefined {
  const text = location.trim();
  const usableLocation = text.length >= LOCATION_MIN_LENGTH ? text : undefined;
  if (!category && !pin && !usableLocation) return undefined;
  return searchOf({
    latitude: pin?.latitude,
    longitude: pin?.longitude,
    location: usableLocation,
    category: category || undefined,
  });
}

/**
 * "This is probably part of <incident>: <instructions>" on the report form (decision 021), with "I am affected" and the
 * note that a separate report is still welcome. An aid, never a gate: nothing here stops a submit or takes focus;
 * a short polite note says when it appears.
 */
export function IncidentMatchPanel(input: IncidentMatchInput) {
  const t = useT();
  const locale = useLocale();
  const headingId = useId();
  const items = useSuggestions(incidentMatchSearch(input), findMatchingIncidents, "Matching incidents");
  const note =
    items.length > 0
      ? t(
          "{count, plural, one {This report is probably part of an active incident, shown below.} other {This report is probably part of one of # active incidents, shown below.}}",
          { count: items.length },
        )
      : "";
  return (
    <div className="field--full">
      <p className="visually-hidden" role="status">
        {note}
      </p>
      {items.length > 0 && (
        <section className="incident-match" aria-labelledby={headingId} data-testid="incident-match">
          <h2 id={headingId} className="incident-match__heading">
            {t("We already know about this")}
          </h2>
          <ul className="incident-match__list">
            {items.map(({ incident }) => (
              <li key={incident.id} className="incident-match__item">
                <p>
                  {t("This is probably part of {title}: {instructions}", {
                    title: incidentTextsIn(incident, locale).title,
                    instructions: incidentTextsIn(incident, locale).instructions,
                  })}
                </p>
                <p>
                  {/* A new tab: the form and its chosen photos stay as they are in this one. */}
                  <a href={paths.incident(incident.id)} target="_blank" rel="noopener">
                    {t("About this incident")}{" "}
                    <span className="similar__new-tab">{t(LOCATION_MESSAGES.opensInNewTab)}</span>
                  </a>
                </p>
                <IncidentAffectedButton incidentId={incident.id} affectedCount={incident.affectedCount} active />
              </li>
            ))}
          </ul>
          <p className="hint">{t("You can still send a separate report below if your problem is different.")}</p>
        </section>
      )}
    </div>
  );
}
