import { STATUSES } from "#shared/domain.ts";
import { statusLabel } from "#shared/format.ts";

/** The pins' colours by status (reports-map.css), for a map's legend; labels are message ids, translated by the map. */
export const STATUS_LEGEND = STATUSES.map((status) => ({
  className: `reports-map__marker--${status}`,
  label: statusLabel(status),
}));
