import { createContext, use, useMemo, useSyncExternalStore, type ReactNode } from "react";
import type { Locale } from "#shared/i18n/locales.ts";
import { currentLocale, i18n, t } from "./i18n.ts";

const LocaleContext = createContext<Locale | null>(null);

const subscribe = (onChange: () => void) => i18n.on("change", onChange);

/** Re-renders every component that reads texts when the language changes (docs/decisions/019-languages.md). */
export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useSyncExternalStore(subscribe, currentLocale);
  return <LocaleContext value={locale}>{children}</LocaleContext>;
}

/**
 * The active language's `t` for a component: the English text in, this language's out, placeholders filled in from
 * the values given.
 * A new function for each language, so effects and memos that use it follow a change of language.
 */
export function useT(): typeof t {
  const locale = use(LocaleContext);
  return useMemo(() => {
    void locale;
    return (id: string, values?: Record<string, unknown>) => t(id, values);
  }, [locale]);
}

export function useLocale(): Locale {
  return use(LocaleContext) ?? currentLocale();
}
