/**
 * What a map says when its tiles could not be loaded (create-map.ts onTilesFailed), above the map, in words: a grey
 * box says nothing, and the resident should know the page still works without it.
 */
export function MapNotice({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <p className="map-notice" data-testid="map-notice">
      {text}
    </p>
  );
}
