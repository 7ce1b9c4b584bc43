import sharp from "sharp";

/**
 * A photo-like JPEG of a phone camera's shape (4:3): a sky over the ground with a dark puddle, under grain, so that
 * the screenshots show the galleries and thumbnails as they look with residents' photos. The same seed gives the
 * same picture (the before/after comparison of two runs depends on it).
 */
export async function photo(seed: number): Promise<Buffer> {
  const width = 1200;
  const height = 900;
  const horizon = Math.round(height * (0.35 + (seed % 3) * 0.08));
  const puddle = { x: width * (0.3 + (seed % 4) * 0.12), y: horizon + (height - horizon) * 0.55, rx: 260, ry: 70 };
  const tint = (seed * 37) % 60;
  const raw = Buffer.alloc(width * height * 3);
  let state = (seed + 1) * 2_654_435_761;
  for (let i = 0, pixel = 0; i < raw.length; i += 3, pixel++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    const grain = ((state >>> 24) - 128) * 0.15;
    const x = pixel % width;
    const y = Math.floor(pixel / width);
    let rgb: [number, number, number];
    if (y < horizon) {
      const up = y / horizon;
      rgb = [120 + up * 60, 160 + up * 50, 215 + up * 20];
    } else {
      const down = (y - horizon) / (height - horizon);
      rgb = [110 + tint - down * 40, 100 + tint / 2 - down * 30, 80 - down * 30];
      const inPuddle = ((x - puddle.x) / puddle.rx) ** 2 + ((y - puddle.y) / puddle.ry) ** 2;
      if (inPuddle < 1) rgb = [70 + tint / 3, 80, 85 + inPuddle * 30];
    }
    raw[i] = clamp(rgb[0] + grain);
    raw[i + 1] = clamp(rgb[1] + grain);
    raw[i + 2] = clamp(rgb[2] + grain);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 82 })
    .toBuffer();
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
