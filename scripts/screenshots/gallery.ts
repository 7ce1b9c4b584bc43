import type { Screen } from "./screens.ts";

export interface Size {
  name: string;
  width: number;
  height: number;
}

/** The picture's file name: `<screen>-<size>-<lang>.png`. */
export const fileName = (screen: string, size: string, lang: string) => `${screen}-${size}-${lang}.png`;

/**
 * index.html of the screenshots: one section per screen, each size and language side by side (the phone's at its
 * own width, the desktop's scaled down), each picture a link to the full-size PNG. A picture that could not be taken
 * is named as missing.
 */
export function galleryHtml(
  screens: Screen[],
  sizes: Size[],
  languages: string[],
  taken: Set<string>,
  when: Date,
): string {
  const sections = screens.map((screen) => {
    const figures = sizes.flatMap((size) =>
      languages.map((lang) => {
        const file = fileName(screen.name, size.name, lang);
        const caption = `${size.name} ${size.width}×${size.height}, ${lang}`;
        const picture = taken.has(file)
          ? `<a href="${file}"><img src="${file}" alt="${escape(`${screen.title}, ${caption}`)}" loading="lazy" ` +
            `class="${size.name}"></a>`
          : `<p class="missing">Not taken</p>`;
        return `<figure>${picture}<figcaption>${escape(caption)}</figcaption></figure>`;
      }),
    );
    return (
      `<section id="${screen.name}"><h2>${escape(screen.title)} <code>${escape(screen.path)}</code></h2>` +
      `<div class="row">${figures.join("")}</div></section>`
    );
  });
  const contents = screens.map((s) => `<li><a href="#${s.name}">${escape(s.title)}</a></li>`).join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Portal screenshots</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #1b1b1b; }
  .row { display: flex; gap: 1rem; align-items: flex-start; overflow-x: auto; padding-bottom: 1rem; }
  figure { margin: 0; flex: none; }
  figcaption { font-size: 0.85rem; color: #555; }
  img { border: 1px solid #ccc; display: block; }
  img.phone { width: 195px; }
  img.desktop { width: 456px; }
  .missing { width: 195px; padding: 2rem 0; text-align: center; background: #fde8e8; }
  ul { columns: 3; }
</style>
</head>
<body>
<h1>Portal screenshots</h1>
<p>Taken ${escape(when.toISOString())} by <code>npm run screenshots</code>: ${screens.length} screens,
${sizes.map((s) => `${s.name} ${s.width}×${s.height}`).join(" and ")}, full page, in ${languages.join(", ")}.
Maps show what they show without tiles when the machine has no internet.</p>
<ul>${contents}</ul>
${sections.join("\n")}
</body>
</html>
`;
}

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
