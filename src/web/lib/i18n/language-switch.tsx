import { useId } from "react";
import { LOCALES, LOCALE_NAMES, isLocale } from "../../../shared/i18n/locales.ts";
import { activateLocale } from "./i18n.ts";
import { useLocale, useT } from "./i18n-context.tsx";

/**
 * The visible language switch (docs/decisions/019-languages.md): each language by its own name, in its own
 * language and direction; the choice is remembered. Changing it keeps the page, its focus and what was typed.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  return (
    <div className={["language-switch", className].filter(Boolean).join(" ")}>
      <label htmlFor={id}>
        <span aria-hidden="true">🌐 </span>
        {t("Language")}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next)) void activateLocale(next, { remember: true });
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
