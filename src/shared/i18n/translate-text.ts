/**
 * Translating a finished English text: a schema's or the server's message ("Issue Title must be at most 200
 * characters.") reaches the screen or an API answer as English, worded where the problem was found. Its id is in
 * the catalogue, either as it is or as a template with simple placeholders ("{field} must be at most {max}
 * characters."), whose values are read back from the text and translated in turn (a field's label is a message
 * too). A text that is no message at all (a visitor's own words) comes back as it is. docs/decisions/019.
 */
export interface Translator {
  /** Lingui's `I18n._`: the active catalogue's text for an id, with its placeholders filled in. */
  _(id: string, values?: Record<string, unknown>): string;
  /** The active catalogue: compiled messages by id. */
  readonly messages: Readonly<Record<string, unknown>>;
}

interface Template {
  id: string;
  pattern: RegExp;
  names: string[];
}

const SIMPLE_PLACEHOLDER = /\{(\w+)\}/g;
const templatesByCatalogue = new WeakMap<object, Template[]>();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Ids with only simple placeholders, longest first so the most specific template wins. */
function templatesOf(messages: Readonly<Record<string, unknown>>): Template[] {
  let templates = templatesByCatalogue.get(messages);
  if (templates) return templates;
  templates = [];
  for (const id of Object.keys(messages)) {
    if (!id.includes("{") || /\{\w+,/.test(id)) continue;
    const names: string[] = [];
    const source = id
      .split(SIMPLE_PLACEHOLDER)
      .map((piece, index) => {
        if (index % 2 === 0) return escapeRegExp(piece);
        names.push(piece);
        return "(.+?)";
      })
      .join("");
    templates.push({ id, names, pattern: new RegExp(`^${source}$`, "s") });
  }
  templates.sort((a, b) => b.id.length - a.id.length);
  templatesByCatalogue.set(messages, templates);
  return templates;
}

export function translateText(i18n: Translator, text: string): string {
  const messages = i18n.messages;
  if (Object.prototype.hasOwnProperty.call(messages, text)) return i18n._(text);
  for (const template of templatesOf(messages)) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    template.names.forEach((name, index) => {
      const value = match[index + 1] ?? "";
      values[name] = Object.prototype.hasOwnProperty.call(messages, value) ? i18n._(value) : value;
    });
    return i18n._(template.id, values);
  }
  return text;
}
