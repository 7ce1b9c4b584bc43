import { useState } from "react";
import { useRevalidator } from "react-router";
import { isNullIsland, roundCoordinate, type LatLng } from "#shared/places/geo.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { STAFF_SMS_MESSAGES } from "#shared/staff/staff-sms-schemas.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { useLazyPicker } from "#web/lib/map/use-lazy-picker.ts";
import { setGrievanceLocation } from "../api/staff-sms-api.ts";
import { StaffPanel } from "./staff-panel.tsx";

const rounded = (pin: LatLng): LatLng => ({
  latitude: roundCoordinate(pin.latitude),
  longitude: roundCoordinate(pin.longitude),
});

/**
 * "Place on the map" (docs/decisions/041-sms-for-staff.md): a report without a pin, such as one sent by SMS that
 * named its place in words or not at all, is placed by staff on the form's own map (Leaflet, downloaded when the
 * panel is opened); a pinned one can be moved. Saving records it on the timeline and may route the report by area.
 */
export function PlaceReportPanel({ grievance }: { grievance: StaffGrievanceDetail }) {
  const t = useT();
  const revalidator = useRevalidator();
  const current =
    grievance.latitude !== null && grievance.longitude !== null
      ? { latitude: grievance.latitude, longitude: grievance.longitude }
      : null;
  const [open, setOpen] = useState(false);
  const [pin, setPin] = useState<LatLng | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const { map } = useLazyPicker(open, "The report's map");
  const Picker = map.kind === "ready" ? map.picker.default : undefined;
  const refusal = pin && isNullIsland(pin) ? LOCATION_MESSAGES.nullIsland : undefined;

  const save = () => {
    if (!pin || busy) return;
    setBusy(true);
    setError("");
    setGrievanceLocation(grievance.id, pin)
      .then(() => {
        setDone(t(STAFF_SMS_MESSAGES.placed));
        setPin(null);
        setOpen(false);
        void revalidator.revalidate();
      })
      .catch((failure: unknown) => setError(translateText(errorMessageOf(failure))))
      .finally(() => setBusy(false));
  };

  return (
    <StaffPanel title={current ? t("Move the pin") : t("Place on the map")} testId="place-panel">
      {!current && (
        <p className="hint">
          {grievance.location
            ? t("No pin yet. The reporter described the place as: {location}", { location: grievance.location })
            : t("No pin yet, and the reporter did not describe the place.")}
        </p>
      )}
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls="place-report-map"
        onClick={() => setOpen(!open)}
      >
        {open ? t(LOCATION_MESSAGES.hideMap) : t(LOCATION_MESSAGES.chooseOnMap)}
      </button>
      <div id="place-report-map" className="pin-group__map" hidden={!open}>
        {open && map.kind === "idle" && <p className="hint">{t(LOCATION_MESSAGES.formMapLoading)}</p>}
        {open && map.kind === "failed" && <p>{t("The map could not be loaded. Please try again later.")}</p>}
        {open && Picker && map.kind === "ready" && (
          <Picker settings={map.settings} pin={pin ?? current} onPin={(where) => setPin(rounded(where))} />
        )}
      </div>
      {pin && (
        <p data-testid="place-pin">
          {translateText(LOCATION_MESSAGES.pinCoordinates(pin.latitude.toFixed(6), pin.longitude.toFixed(6)))}
        </p>
      )}
      <div className="form-feedback">
        <div role="alert" className={error || refusal ? "alert alert--error" : undefined}>
          {error || (refusal ? t(refusal) : "")}
        </div>
        <div role="status" className={done ? "alert alert--success" : undefined} data-testid="place-done">
          {done}
        </div>
      </div>
      {pin && !refusal && (
        <div className="form-actions">
          <BusySubmitButton busy={busy} busyLabel={t("Saving...")} className="button" onClick={save}>
            {t("Save the place")}
          </BusySubmitButton>
        </div>
      )}
    </StaffPanel>
  );
}
