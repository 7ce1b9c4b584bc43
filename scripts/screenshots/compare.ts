/**
 * Compares two sets of screenshots taken by `npm run screenshots` (say, before and after a change that should change
 * nothing visible): `node scripts/screenshots/compare.ts <before-folder> <after-folder> [<diff-folder>]`.
 *
 * For each picture in both, counts the pixels whose colour differs by more than a small threshold (anti-aliasing
 * and JPEG-like noise stay under it) and where they are; a picture of another size is a different layout or a
 * different length of text. For every differing pair it writes `<name>` into the diff folder (default
 * <after-folder>-diff): the two side by side, the changed pixels in red on the second. Prints one line per pair,
 * the most different first. References, tokens and times differ between any two runs: small boxes of changed
 * pixels where those are shown are expected.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const THRESHOLD = 48;

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

async function raw(file: string): Promise<Raw> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

interface Difference {
  name: string;
  changed: number;
  /** Rows (top, bottom) and columns (left, right) that hold every changed pixel of the shared area. */
  box: [number, number, number, number] | null;
  sizes: string;
}

async function compare(a: Raw, b: Raw, name: string, out: string): Promise<Difference> {
  const width = Math.min(a.width, b.width);
  const height = Math.min(a.height, b.height);
  const marked = Buffer.from(b.data);
  let changed = 0;
  let box: Difference["box"] = null;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * a.width + x) * 3;
      const j = (y * b.width + x) * 3;
      const delta = Math.max(
        Math.abs(a.data[i]! - b.data[j]!),
        Math.abs(a.data[i + 1]! - b.data[j + 1]!),
        Math.abs(a.data[i + 2]! - b.data[j + 2]!),
      );
      if (delta <= THRESHOLD) continue;
      changed++;
      marked[j] = 255;
      marked[j + 1] = 0;
      marked[j + 2] = 0;
      box = box ? [Math.min(box[0], y), Math.max(box[1], y), Math.min(box[2], x), Math.max(box[3], x)] : [y, y, x, x];
    }
  }
  const sizes = `${a.width}×${a.height} → ${b.width}×${b.height}`;
  const sameSize = a.width === b.width && a.height === b.height;
  if (changed > 0 || !sameSize) {
    const gap = 20;
    await sharp({
      create: {
        width: a.width + b.width + gap,
        height: Math.max(a.height, b.height),
        channels: 3,
        background: "#ff00ff",
      },
    })
      .composite([
        { input: a.data, raw: { width: a.width, height: a.height, channels: 3 }, left: 0, top: 0 },
        { input: marked, raw: { width: b.width, height: b.height, channels: 3 }, left: a.width + gap, top: 0 },
      ])
      .png()
      .toFile(path.join(out, name));
  }
  return { name, changed, box, sizes: sameSize ? "" : sizes };
}

const [before, after, diffDir] = process.argv.slice(2);
if (!before || !after) {
  console.error("Usage: node scripts/screenshots/compare.ts <before-folder> <after-folder> [<diff-folder>]");
  process.exit(1);
}
const out = path.resolve(diffDir ?? `${after.replace(/\/+$/, "")}-diff`);
fs.mkdirSync(out, { recursive: true });

const pictures = (folder: string) => new Set(fs.readdirSync(folder).filter((file) => file.endsWith(".png")));
const inBefore = pictures(before);
const inAfter = pictures(after);
const results: Difference[] = [];
for (const name of [...inBefore].filter((file) => inAfter.has(file)).sort()) {
  results.push(await compare(await raw(path.join(before, name)), await raw(path.join(after, name)), name, out));
}
results.sort((x, y) => Number(y.sizes !== "") - Number(x.sizes !== "") || y.changed - x.changed);
for (const r of results) {
  if (r.changed === 0 && !r.sizes) continue;
  const where = r.box ? `rows ${r.box[0]}–${r.box[1]}, columns ${r.box[2]}–${r.box[3]}` : "";
  console.log(
    `${r.name.padEnd(40)} ${String(r.changed).padStart(8)} px  ${where}${r.sizes ? `  size ${r.sizes}` : ""}`,
  );
}
const same = results.filter((r) => r.changed === 0 && !r.sizes).length;
console.log(`\n${same} of ${results.length} identical; side-by-side pictures of the others in ${out}`);
for (const name of inBefore) if (!inAfter.has(name)) console.log(`only in ${before}: ${name}`);
for (const name of inAfter) if (!inBefore.has(name)) console.log(`only in ${after}: ${name}`);
