import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { roundCoordinate, type LatLng } from "#shared/places/geo.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { fieldErrorOf } from "#web/lib/action-result.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { Field, FieldError } from "#web/lib/form-field.tsx";
import { formatCount } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { useGeolocation } from "#web/lib/map/use-geolocation.ts";
import { useLazyPicker } from "#web/lib/map/use-lazy-picker.ts";
import {
  ALERT_RADII,
  DEFAULT_ALERT_RADIUS,
  LOCALITY_MAX_LENGTH,
  type IncidentSubscribeResult,
  type SubscriptionField,
} from "../api/incident-subscription.ts";

const distanceLabel = (t: ReturnType<typeof useT>, metres: number) =>
  metres < 1_000
    ? t("{distance} m", { distance: formatCount(metres) })
    : t("{distance} km", { distance: formatCount(metres / 1_000) });

/**
 * "Get alerts for your area" (decision 021): an e-mail address, then a place with a distance (the resident's location
 * or a point on a map) or a locality's name. Double opt-in: the server sends a link to confirm, and its answer is
 * the same whether or not the address already subscribed. Sent through the page's action (incidents-action.ts),
 * which checks the entries with the server's schema first; each refusal is shown at its field.
 */
export function IncidentSubscribeForm({ action }: { action: string }) {
  const t = useT();
  const id = useId();
  const fetcher = useFetcher<IncidentSubscribeResult>();
  const sending = fetcher.state !== "idle";
  const result = sending ? undefined : fetcher.data;
  const [mode, setMode] = useState<"place" | "locality">("place");
  const [pin, setPin] = useState<LatLng | null>(null);
  const [mapOpen, setMapOpen] = useState(false);
  // The map picker (Leaflet), downloaded only once the resident asks for it.
  const { map } = useLazyPicker(mapOpen, "The alerts form's map");
  const geolocation = useGeolocation();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

  const errorOf = (field: SubscriptionField) => {
    const message = fieldErrorOf(result, field);
    return message ? translateText(message) : undefined;
  };
  const fieldIds = { email: `${id}-email`, place: `${id}-place`, locality: `${id}-locality` };

  const place = (where: LatLng) =>
    setPin({ latitude: roundCoordinate(where.latitude), longitude: roundCoordinate(where.longitude) });
  const locating = geolocation.state.kind === "locating";
  const Picker = map.kind === "ready" ? map.picker.default : undefined;
  const failure = result && !result.ok ? translateText(result.message) : "";

  return (
    <section className="card incident-subscribe" aria-labelledby={`${id}-heading`} data-testid="incident-subscribe">
      <h2 id={`${id}-heading`}>{t("Get alerts for your area")}</h2>
      <p className="muted">
        {t(
          "We e-mail you when an incident is declared, updated or resolved in your area. We first send a link to confirm.",
        )}
      </p>
      <fetcher.Form method="post" action={action} defaultShouldRevalidate={false} noValidate ref={formRef}>
        <input type="hidden" name="intent" value={"incident-subscribe" satisfies IncidentSubscribeResult["intent"]} />
        <Field id={fieldIds.email} label={t("Your e-mail")} error={errorOf("email")}>
          {(control) => <input name="email" type="email" autoComplete="email" required {...control} />}
        </Field>
        <fieldset className="field incident-subscribe__where">
          <legend>{t("Where")}</legend>
          <label className="choice">
            <input
              type="radio"
              name="mode"
              value="place"
              checked={mode === "place"}
              onChange={() => setMode("place")}
            />{" "}
            {t("Around a place")}
          </label>
          <label className="choice">
            <input
              type="radio"
              name="mode"
              value="locality"
              checked={mode === "locality"}
              onChange={() => setMode("locality")}
            />{" "}
            {t("In a locality")}
          </label>
        </fieldset>
        {mode === "place" ? (
          <div className="incident-subscribe__place" id={fieldIds.place} tabIndex={-1}>
            <div className="pin-group__actions">
              <button
                type="button"
                className="button button--secondary"
                aria-disabled={locating || undefined}
                onClick={() => !locating && geolocation.locate(place)}
              >
                {t(LOCATION_MESSAGES.useMyLocation)}
              </button>
              <button
                type="button"
                className="button button--secondary"
                aria-expanded={mapOpen}
                onClick={() => setMapOpen(!mapOpen)}
              >
                {mapOpen ? t(LOCATION_MESSAGES.hideMap) : t(LOCATION_MESSAGES.chooseOnMap)}
              </button>
            </div>
            <p className="pin-group__status" role="status">
              {locating
                ? t(LOCATION_MESSAGES.locating)
                : geolocation.state.kind === "failed"
                  ? t(geolocation.state.message)
                  : pin
                    ? t("Place chosen: {latitude}, {longitude}", {
                        latitude: pin.latitude.toFixed(5),
                        longitude: pin.longitude.toFixed(5),
                      })
                    : ""}
            </p>
            {mapOpen && map.kind === "idle" && <p className="hint">{t(LOCATION_MESSAGES.formMapLoading)}</p>}
            {mapOpen && map.kind === "failed" && (
              <p className="pin-group__unavailable">
                {t("The map could not be loaded. Use your location or name a locality.")}
              </p>
            )}
            {mapOpen && Picker && map.kind === "ready" && <Picker settings={map.settings} pin={pin} onPin={place} />}
            <input type="hidden" name="latitude" value={pin?.latitude ?? ""} />
            <input type="hidden" name="longitude" value={pin?.longitude ?? ""} />
            <FieldError id={`${fieldIds.place}-error`}>{errorOf("place")}</FieldError>
            <Field id={`${id}-radius`} label={t("Distance around it")}>
              {(control) => (
                <select name="radiusMetres" defaultValue={DEFAULT_ALERT_RADIUS} {...control}>
                  {ALERT_RADII.map((metres) => (
                    <option key={metres} value={metres}>
                      {distanceLabel(t, metres)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        ) : (
          <Field id={fieldIds.locality} label={t("Locality")} error={errorOf("locality")}>
            {(control) => (
              <input
                name="locality"
                type="text"
                maxLength={LOCALITY_MAX_LENGTH}
                autoComplete="address-level2"
                {...control}
              />
            )}
          </Field>
        )}
        <div className="form-actions">
          <BusySubmitButton busy={sending} busyLabel={t("Sending...")} className="button">
            {t("Get alerts")}
          </BusySubmitButton>
        </div>
        <div
          role="status"
          className={result?.ok ? "alert alert--success" : undefined}
          data-testid="incident-subscribe-done"
        >
          {result?.ok && result.message ? translateText(result.message) : ""}
        </div>
        <div role="alert" className={failure ? "alert alert--error" : undefined} data-testid="incident-subscribe-error">
          {failure}
        </div>
      </fetcher.Form>
    </section>
  );
}
