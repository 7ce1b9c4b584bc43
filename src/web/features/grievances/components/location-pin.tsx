import { useEffect, useRef, useState } from "react";
import { isNullIsland, roundCoordinate, type LatLng } from "#shared/places/geo.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { loadMapSettings } from "#web/lib/map/map-settings-api.ts";
import { useGeolocation } from "#web/lib/map/use-geolocation.ts";
import { useLazyPicker } from "#web/lib/map/use-lazy-picker.ts";
import type { WaterPointsLayerOptions } from "#web/lib/map/water-points-layer.ts";
import { describedBy, errorIdOf, FieldError, FieldMarkText } from "#web/lib/form-field.tsx";
import { reverseGeocode } from "../api/similar-reports.ts";

/**
 * "Pin on a map", under the Location field: optional, and the map (Leaflet) is only downloaded once the resident
 * asks for it, or when the form already holds a pin. Whatever fails here, the words in the Location field suffice.
 */
export interface LocationPinProps {
  /** The group's id: the form focuses it when the server refuses the pin. */
  id: string;
  pin: LatLng | null;
  onPinChange: (pin: LatLng | null) => void;
  /** The server's refusal of the pin (fieldErrors.latitude / longitude). */
  error: string | undefined;
  /** Whether the Location field is empty or holds only what a pin filled in: only then is an address looked up. */
  locationFillable: boolean;
  onLocationFill: (label: string) => void;
  disabled: boolean;
  /** The water points on the map, pressing one choosing it (docs/decisions/040-reporting-against-water-points.md). */
  waterPoints?: WaterPointsLayerOptions;
}

const formatCoordinate = (value: number) => value.toFixed(6);
const rounded = (pin: LatLng): LatLng => ({
  latitude: roundCoordinate(pin.latitude),
  longitude: roundCoordinate(pin.longitude),
});

export function LocationPin({
  id,
  pin,
  onPinChange,
  error,
  locationFillable,
  onLocationFill,
  disabled,
  waterPoints,
}: LocationPinProps) {
  const t = useT();
  const [open, setOpen] = useState(pin !== null);
  const [announcement, setAnnouncement] = useState("");
  const [addressHint, setAddressHint] = useState("");
  const geolocation = useGeolocation();
  const toggle = useRef<HTMLButtonElement>(null);
  const lookup = useRef<AbortController | null>(null);
  // Read when an address arrives, which may be after the resident has typed one.
  const fillable = useRef(locationFillable);
  useEffect(() => {
    fillable.current = locationFillable;
  }, [locationFillable]);
  useEffect(() => () => lookup.current?.abort(), []);

  const { map, retry: retryMap } = useLazyPicker(open, "The form's map");

  const fillAddress = async (place: LatLng) => {
    lookup.current?.abort();
    if (!fillable.current) return;
    const controller = new AbortController();
    lookup.current = controller;
    try {
      const settings = await loadMapSettings();
      if (!settings.geocoder) return;
      const { label } = await reverseGeocode(place, controller.signal);
      if (controller.signal.aborted || !fillable.current || !label) return;
      onLocationFill(label);
      setAddressHint(LOCATION_MESSAGES.addressFilled);
    } catch (failure) {
      if (controller.signal.aborted) return;
      // Quietly: the address is a convenience, and the resident can type one.
      console.warn("Reverse geocoding failed:", failure);
      setAddressHint(LOCATION_MESSAGES.reverseGeocodeUnavailable);
    }
  };

  // A pin the server would refuse, said at once under the map (the same words as the server's refusal).
  const refusalOf = (where: LatLng) =>
    isNullIsland(where)
      ? LOCATION_MESSAGES.nullIsland
      : map.kind === "ready" && map.picker.isOutsideServiceArea(map.settings, where)
        ? LOCATION_MESSAGES.outsideServiceArea
        : undefined;

  const place = (where: LatLng) => {
    const pinned = rounded(where);
    onPinChange(pinned);
    setAnnouncement(LOCATION_MESSAGES.pinPlaced(formatCoordinate(pinned.latitude), formatCoordinate(pinned.longitude)));
    // No address is looked up for a place that cannot be sent.
    if (refusalOf(pinned)) lookup.current?.abort();
    else void fillAddress(pinned);
  };

  const remove = () => {
    lookup.current?.abort();
    onPinChange(null);
    setAnnouncement(LOCATION_MESSAGES.pinRemoved);
    setAddressHint("");
    // The button pressed is gone with the pin: focus stays in the group.
    toggle.current?.focus();
  };

  const toggleMap = () => {
    // Hiding a map that failed to load lets the next "Choose on a map" try again.
    retryMap();
    setOpen(!open);
  };

  const locating = geolocation.state.kind === "locating";
  const useMyLocation = () => {
    if (locating) return;
    setOpen(true);
    geolocation.locate(place);
  };

  const refusal = pin ? refusalOf(pin) : undefined;
  // The server's refusal comes translated, the schema's in English: translateText leaves the first as it is.
  const shownError = error ? translateText(error) : refusal ? t(refusal) : undefined;
  const status = locating
    ? t(LOCATION_MESSAGES.locating)
    : geolocation.state.kind === "failed"
      ? t(geolocation.state.message)
      : "";
  const Picker = map.kind === "ready" ? map.picker.default : undefined;

  return (
    <fieldset
      className="field field--full pin-group"
      id={id}
      tabIndex={-1}
      aria-describedby={describedBy(`${id}-hint`, shownError && errorIdOf(id))}
    >
      <legend>
        {t(LOCATION_MESSAGES.pinGroupLegend)}
        <FieldMarkText mark="optional" />
      </legend>
      <p className="hint" id={`${id}-hint`}>
        {t(LOCATION_MESSAGES.pinGroupHint)}
      </p>
      <div className="pin-group__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={useMyLocation}
          // Not `disabled` while locating: the button keeps the focus, and a second press is simply ignored.
          aria-disabled={locating || undefined}
          disabled={disabled}
        >
          {t(LOCATION_MESSAGES.useMyLocation)}
        </button>
        <button
          type="button"
          ref={toggle}
          className="button button--secondary"
          aria-expanded={open}
          aria-controls={`${id}-map`}
          onClick={toggleMap}
          disabled={disabled}
        >
          {open ? t(LOCATION_MESSAGES.hideMap) : t(LOCATION_MESSAGES.chooseOnMap)}
        </button>
      </div>
      <p className="pin-group__status" role="status">
        {status}
      </p>
      <div id={`${id}-map`} className="pin-group__map" hidden={!open}>
        {open && map.kind === "idle" && <p className="hint">{t(LOCATION_MESSAGES.formMapLoading)}</p>}
        {open && map.kind === "failed" && (
          <p className="pin-group__unavailable">{t(LOCATION_MESSAGES.mapUnavailable)}</p>
        )}
        {open && Picker && map.kind === "ready" && (
          <Picker settings={map.settings} pin={pin} onPin={place} disabled={disabled} waterPoints={waterPoints} />
        )}
      </div>
      {pin && (
        <div className="pin-group__pin">
          <p className="pin-group__coordinates" data-testid="pin-coordinates">
            {translateText(
              LOCATION_MESSAGES.pinCoordinates(formatCoordinate(pin.latitude), formatCoordinate(pin.longitude)),
            )}
          </p>
          <button
            type="button"
            className="button button--secondary pin-group__remove"
            onClick={remove}
            disabled={disabled}
          >
            {t(LOCATION_MESSAGES.removePin)}
          </button>
        </div>
      )}
      <FieldError id={errorIdOf(id)}>{shownError}</FieldError>
      {/* Kept in English (shared texts, some with the pin's coordinates) and translated when shown. */}
      <p className="visually-hidden" role="status">
        {translateText(announcement)}
      </p>
      {addressHint && <p className="hint">{translateText(addressHint)}</p>}
    </fieldset>
  );
}
