import { useMemo } from "react";
import { encode } from "uqr";

/**
 * A QR code of `text`, drawn in the browser as one SVG path (no network, no image request): black modules on white
 * with the quiet zone of four modules the standard asks for, so any camera reads it on paper. Medium error correction
 * survives a smudged or scratched sign.
 */
export function QrCode({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(text, { ecc: "M", border: 4 });
    const moves: string[] = [];
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) moves.push(`M${x} ${y}h1v1h-1z`);
      });
    });
    return { size: qr.size, path: moves.join("") };
  }, [text]);
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-text={text}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
