import { isLatitude, isLongitude, parseDecimal } from "#shared/places/geo.ts";

export interface MapCenter {
  latitude: number;
  longitude: number;
  zoom: number;
}

/** The zoom levels the OSM standard tiles (and most others) have. */
const MAX_ZOOM = 19;

/** MAP_DEFAULT_CENTER "latitude,longitude,zoom" ("-1.2921,36.8219,12"); throws an Error saying what is wrong. */
export function parseMapCenter(text: string): MapCenter {
  const parts = text.split(",");
  const [latitude, longitude] = parts.slice(0, 2).map(parseDecimal);
  const zoom = parts[2]?.trim();
  if (parts.length !== 3 || latitude === undefined || longitude === undefined || !zoom || !/^[0-9]{1,2}$/.test(zoom)) {
    throw new Error(`"${text}" is not of the form latitude,longitude,zoom (e.g. -1.2921,36.8219,12)`);
  }
  if (!isLatitude(latitude)) throw new Error(`latitude ${latitude} is not between -90 and 90`);
  if (!isLongitude(longitude)) throw new Error(`longitude ${longitude} is not between -180 and 180`);
  if (Number(zoom) > MAX_ZOOM) throw new Error(`zoom ${zoom} is not between 0 and ${MAX_ZOOM}`);
  return { latitude, longitude, zoom: Number(zoom) };
}
