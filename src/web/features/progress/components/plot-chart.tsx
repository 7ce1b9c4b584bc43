import { useEffect, useRef, useState } from "react";

export interface PlotChartProps {
  /** The chart's accessible name, in the visitor's language; the table beside it holds the same figures. */
  name: string;
  /** Draws the chart at the given width (Plot.plot); called again when the width or the drawing changes. */
  draw: (width: number) => SVGSVGElement | HTMLElement;
  testId?: string;
}

/** Phones and the narrowest desktop column start from this until the container is measured. */
const FALLBACK_WIDTH = 340;

/**
 * One chart drawn by Observable Plot (docs/decisions/027-statistics-charts.md) as an image with a name: the SVG gets
 * role="img" and an aria-label, so a screen reader announces it once and reads the table next to it for the figures.
 * Plot puts a <style> element in each SVG; the portal's Content-Security-Policy refuses inline styles, so it is
 * removed before the SVG enters the page and progress.css gives the same rules (`.stats-chart svg`).
 */
export function PlotChart({ name, draw, testId }: PlotChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const measure = () => setWidth(Math.round(element.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const chart = draw(width > 0 ? width : FALLBACK_WIDTH);
    const svg = chart instanceof SVGSVGElement ? chart : chart.querySelector("svg");
    chart.querySelectorAll("style").forEach((style) => style.remove());
    // Plot names each group of marks ("bar", "x-axis tick") with an aria-label, which ARIA does not allow on an element
    // without a role; inside an image nobody reads them. The name stays as data-mark, for the tests to find parts.
    chart.querySelectorAll("[aria-label], [aria-description]").forEach((part) => {
      const label = part.getAttribute("aria-label");
      if (label) part.setAttribute("data-mark", label);
      part.removeAttribute("aria-label");
      part.removeAttribute("aria-description");
    });
    if (svg) {
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", name);
    }
    element.replaceChildren(chart);
    return () => element.replaceChildren();
  }, [draw, width, name]);

  return <div ref={holder} className="stats-chart" data-testid={testId} />;
}
