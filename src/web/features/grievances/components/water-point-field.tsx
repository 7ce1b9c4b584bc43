import { useEffect, useRef } from "react";
import type { NearbyWaterPoint } from "#shared/api-schemas/report-water-points.ts";
import type { LatLng } from "#shared/places/geo.ts";
import {
  WATER_POINT_MESSAGES,
  WATER_POINT_STATUS_LABELS,
  WATER_POINTS_NEAR_METRES,
} from "#shared/water-points/report-water-point.ts";
import { describedBy, errorIdOf, FieldError, FieldMarkText } from "#web/lib/form-field.tsx";
import { formatCount } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { useApiData } from "#web/lib/use-api-data.ts";
import { codeKey, findNearbyWaterPoints, findWaterPointByCode, nearbyKey } from "../api/water-points.ts";
import "./water-point-field.css";

/**
 * "Water point" on the report form (docs/decisions/040-reporting-against-water-points.md): the points near the pin to
 * choose from (choosing one moves the pin onto it), or the code painted on the point typed in, the form saying which
 * point that is. Optional: the report goes without one, and the server checks the code again.
 */
export interface WaterPointFieldProps {
  /** The code input's id (the error summary links to it). */
  id: string;
  code: string;
  pin: LatLng | null;
  /** The server's or the schema's refusal of the code. */
  error: string | undefined;
  disabled: boolean;
  onCodeChange: (code: string) => void;
  /** Moves the form's pin onto a point. */
  onPinTo: (pin: LatLng) => void;
}

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

export function WaterPointField({ id, code, pin, error, disabled, onCodeChange, onPinTo }: WaterPointFieldProps) {
  const t = useT();
  const nearby = useApiData(nearbyKey(pin), findNearbyWaterPoints, { what: "Nearby water points" });
  const typed = useApiData(codeKey(code), findWaterPointByCode, { delayMs: 400, what: "A water point" });
  const points = nearby.state === "loaded" ? nearby.data : nearby.state === "loading" ? nearby.previous : undefined;
  const found = typed.state === "loaded" ? typed.data : undefined;

  // A point found by its code while the form has no pin: the pin goes onto it, once per point, so the map shows it.
  const pinned = useRef<string | null>(null);
  useEffect(() => {
    if (found && !pin && pinned.current !== found.code) {
      pinned.current = found.code;
      onPinTo({ latitude: found.latitude, longitude: found.longitude });
    }
  }, [found, pin, onPinTo]);

  const choose = (point: NearbyWaterPoint) => {
    onCodeChange(point.code);
    onPinTo({ latitude: point.latitude, longitude: point.longitude });
  };

  const identity =
    !codeKey(code) || typed.state !== "loaded"
      ? ""
      : found
        ? // The registry's name and code isolated, so that either script reads right in the other's sentence.
          withElements(
            t("This is {name} ({code}): {status}.", {
              name: slot("name"),
              code: slot("code"),
              status: t(WATER_POINT_STATUS_LABELS[found.status]),
            }),
            { name: <bdi>{found.name}</bdi>, code: <bdi>{found.code}</bdi> },
          )
        : t(WATER_POINT_MESSAGES.unknown);
  const shownError = error ? translateText(error) : undefined;
  const hintId = `${id}-hint`;
  const identityId = `${id}-identity`;

  return (
    <fieldset className="field field--full water-point-group" data-testid="water-point-field">
      <legend>
        {t("Water point")}
        <FieldMarkText mark="optional" />
      </legend>
      <p className="hint" id={hintId}>
        {t(
          "If the problem is at a tap, kiosk, pump or borehole, choose it in this list or on the map, or type the code painted on it (for example WP-0412).",
        )}
      </p>
      {!pin ? (
        <p className="hint">{t("Place the pin on the map to see the water points near it.")}</p>
      ) : points && points.length === 0 ? (
        <p className="hint">
          {t("No water point in service within {distance} km of the pin.", {
            distance: formatCount(WATER_POINTS_NEAR_METRES / 1_000),
          })}
        </p>
      ) : points ? (
        <div role="group" aria-label={t("Water points near the pin")} className="water-point-group__list">
          {points.map((point) => (
            <label key={point.code} className="water-point-group__choice" data-testid="nearby-water-point">
              <input
                type="radio"
                name="water_point_choice"
                value={point.code}
                checked={same(point.code, code)}
                onChange={() => choose(point)}
                disabled={disabled}
              />
              <span>
                <bdi className="water-point-group__name">{point.name}</bdi>
                <span className="water-point-group__details">
                  <bdi className="water-point-group__code-text">{point.code}</bdi> ·{" "}
                  {t("{distance} m away", { distance: formatCount(point.distanceMetres) })} ·{" "}
                  {t(WATER_POINT_STATUS_LABELS[point.status])}
                </span>
              </span>
            </label>
          ))}
        </div>
      ) : null}
      <div className="water-point-group__code">
        <label htmlFor={id}>{t("Code painted on the point")}</label>
        <input
          type="text"
          id={id}
          name="water_point"
          value={code}
          onChange={(event) => onCodeChange(event.target.value)}
          disabled={disabled}
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          placeholder="WP-0412"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy(hintId, identity !== "" && identityId, shownError && errorIdOf(id))}
        />
        {code.trim() !== "" && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onCodeChange("")}
            disabled={disabled}
          >
            {t("No water point")}
          </button>
        )}
      </div>
      <p className="water-point-group__identity" id={identityId} role="status" data-testid="water-point-identity">
        {identity}
      </p>
      <FieldError id={errorIdOf(id)}>{shownError}</FieldError>
    </fieldset>
  );
}
