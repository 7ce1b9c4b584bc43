import { useId, useState } from "react";
import { LOCALES, LOCALE_NAMES, isLocale } from "#shared/i18n/locales.ts";
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
  const [failed, setFailed] = useState(false);
  return (
    <div className={["language-switch", className].filter(Boolean).join(" ")}>
      <label htmlFor={id}>
        <GlobeIcon />
        {t("Language")}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next)) return;
          setFailed(false);
          // Not to be had (offline, say): the page stays in its language and says why.
          activateLocale(next, { remember: true }).catch(() => setFailed(true));
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
      {failed && (
        <p className="language-switch__error" role="alert">
          {t("This language could not be loaded. Please check your connection and try again.")}
        </p>
      )}
    </div>
  );
}

/** A globe, the sign people look for to change language: drawn, as an emoji may be missing from a phone's fonts. */
function GlobeIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
    </svg>
  );
}
