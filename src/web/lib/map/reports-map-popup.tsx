import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useT } from "../i18n/i18n-context.tsx";
import { L } from "./create-map.ts";
import type { MapPoint } from "./reports-map-clusters.ts";
import type { OpenCardRequest } from "./reports-map-layer.ts";

/**
 * Leaflet's zoom buttons sit 10 px in from the top left, 34 px wide and 64 px tall, above the popups: a popup opened
 * near that corner is panned clear of them (and of the edge), never left under them.
 */
const POPUP_PADDING_TOP_LEFT: L.PointTuple = [56, 84];

/** The card inside the open Leaflet popup: rendered by React (through a portal) so its links use the router. */
export function PopupCard<M extends MapPoint>(props: {
  card: OpenCardRequest<M>;
  map: L.Map | null;
  render: (report: M) => ReactNode;
  onGone: () => void;
}) {
  const { card, map, onGone } = props;
  const t = useT();
  const container = useMemo(() => {
    const div = document.createElement("div");
    div.className = "reports-map__card";
    div.dataset.testid = "map-card";
    return div;
  }, []);
  const popupRef = useRef<L.Popup | null>(null);

  useLayoutEffect(() => {
    if (!map) return;
    // The content is an element React fills (through the portal below): React writes its text as text.
    // eslint-disable-next-line no-restricted-syntax
    const popup = L.popup({
      maxWidth: 300,
      minWidth: 220,
      offset: [0, -30],
      // Kept clear of the zoom buttons (top left) wherever it opens, and off the other edges.
      autoPanPaddingTopLeft: POPUP_PADDING_TOP_LEFT,
      autoPanPaddingBottomRight: [16, 16],
    })
      .setLatLng([card.report.latitude, card.report.longitude])
      .setContent(container);
    popupRef.current = popup;
    const closed = () => {
      onGone();
      // Back to the marker the card came from, so a keyboard user goes on from where they were.
      if (card.returnFocus?.isConnected) card.returnFocus.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") map.closePopup(popup);
    };
    popup.on("remove", closed);
    container.addEventListener("keydown", onKeyDown);
    popup.openOn(map);
    return () => {
      popup.off("remove", closed);
      container.removeEventListener("keydown", onKeyDown);
      map.closePopup(popup);
    };
  }, [map, card, container, onGone]);

  // Leaflet names its close button in English ("Close popup"), with no option to change it.
  useEffect(() => {
    popupRef.current
      ?.getElement()
      ?.querySelector(".leaflet-popup-close-button")
      ?.setAttribute("aria-label", t("Close popup"));
  }, [map, card, t]);

  // After React has filled the card: size the popup to it, and take a keyboard user into it.
  useEffect(() => {
    popupRef.current?.update();
    if (card.byKeyboard) container.querySelector<HTMLElement>("a, button")?.focus();
  }, [card, container]);

  return createPortal(props.render(card.report), container);
}
