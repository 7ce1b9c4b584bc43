import type { Messages } from "@lingui/core";

/**
 * The browser's runtime for catalogues compiled into Lingui's message form (scripts/vite-i18n-catalogues.ts): what
 * the app uses of Lingui's `I18n` (load, activate, `_`, the active catalogue, a change event), in a few hundred
 * bytes instead of Lingui's 1.6 kB of brotli in the first load (docs/decisions/012-a-light-first-load.md). The
 * server keeps Lingui itself; tests/unit/message-runtime.test.ts checks that both say the same for every message of
 * every catalogue. Compiled messages are a string, or a list of strings and placeholders: `[name]`, or
 * `[name, "plural" | "selectordinal" | "select", { case: tokens }]` (in whose plural cases "#" is the number) or
 * `[name, "number", style]`.
 */
type Token = string | [name: string, type?: string, format?: unknown];
type Values = Record<string, unknown>;

// Lingui leaves \uXXXX and \xXX sequences of a message to its runtime to decode.
const ESCAPE = /\\u([a-fA-F0-9]{4})|\\x([a-fA-F0-9]{2})/g;
const decode = (text: string) =>
  text.replace(ESCAPE, (_, unicode?: string, hex?: string) => String.fromCharCode(parseInt(unicode ?? hex!, 16)));

const own = (object: object, key: string): unknown =>
  Object.prototype.hasOwnProperty.call(object, key) ? (object as Values)[key] : undefined;

export class MessageRuntime {
  private active = "";
  private readonly catalogues: Record<string, Messages> = {};
  private readonly listeners = new Set<() => void>();
  private readonly missing: (locale: string, id: string) => string;

  constructor({ missing }: { missing: (locale: string, id: string) => string }) {
    this.missing = missing;
  }

  get locale(): string {
    return this.active;
  }

  /** The active catalogue: compiled messages by id. */
  get messages(): Messages {
    return this.catalogues[this.active] ?? {};
  }

  /** Adds messages to a language's catalogue. */
  load(locale: string, messages: Messages): void {
    this.catalogues[locale] = { ...this.catalogues[locale], ...messages };
    this.emit();
  }

  activate(locale: string): void {
    this.active = locale;
    this.emit();
  }

  /** Calls `listener` after every load and activate; returns the function that stops it. */
  on(_event: "change", listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The active catalogue's text for an id, with its placeholders filled in from `values`. */
  _(id: string, values: Values = {}): string {
    const message = own(this.messages, id) as string | Token[] | undefined;
    if (message === undefined) return this.missing(this.active, id);
    return decode(typeof message === "string" ? message : this.format(message, values, undefined));
  }

  private format(tokens: Token[], values: Values, pluralValue: number | undefined): string {
    let text = "";
    for (const token of tokens) {
      if (typeof token === "string") {
        text += token === "#" && pluralValue !== undefined ? this.number(pluralValue) : token;
        continue;
      }
      const [name, type, format] = token;
      const value = own(values, name);
      if (type === "plural" || type === "selectordinal" || type === "select") {
        const cases = format as Record<string, Token[]> & { offset?: number };
        const chosen =
          type === "select" ? this.selected(cases, value) : this.plural(cases, Number(value), type === "selectordinal");
        // As in Lingui, "#" is the number in a plural's own cases only.
        if (chosen)
          text += this.format(chosen, values, type === "select" ? undefined : Number(value) - (cases.offset ?? 0));
      } else if (type === "number") {
        text += this.number(
          Number(value),
          typeof format === "string" ? { style: format as "percent" } : (format as Intl.NumberFormatOptions),
        );
      } else if (value != null) {
        text += String(value);
      }
    }
    return text;
  }

  private selected(cases: Record<string, Token[]>, value: unknown): Token[] | undefined {
    return (own(cases, String(value)) as Token[] | undefined) ?? cases.other;
  }

  private plural(
    cases: Record<string, Token[]> & { offset?: number },
    value: number,
    ordinal: boolean,
  ): Token[] | undefined {
    const rules = this.memo(
      `plural-${ordinal}`,
      () => new Intl.PluralRules(this.locales(), { type: ordinal ? "ordinal" : "cardinal" }),
    );
    return (
      (own(cases, String(value)) as Token[] | undefined) ??
      (own(cases, rules.select(value - (cases.offset ?? 0))) as Token[] | undefined) ??
      cases.other
    );
  }

  private number(value: number, options?: Intl.NumberFormatOptions): string {
    return this.memo(`number-${JSON.stringify(options)}`, () => new Intl.NumberFormat(this.locales(), options)).format(
      value,
    );
  }

  // Lingui's own fallback: the active language, then English.
  private locales(): string[] {
    return [this.active, "en"];
  }

  // Intl's formatters are slow to make and are asked for once per plural message shown.
  private readonly formatters = new Map<string, Intl.PluralRules | Intl.NumberFormat>();

  private memo<T extends Intl.PluralRules | Intl.NumberFormat>(kind: string, make: () => T): T {
    const key = `${this.active}-${kind}`;
    let made = this.formatters.get(key) as T | undefined;
    if (!made) this.formatters.set(key, (made = make()));
    return made;
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
