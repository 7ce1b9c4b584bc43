import { useId, useRef, useState } from "react";
import { useT } from "./i18n/i18n-context.tsx";

type CopyState = "idle" | "copied" | "unavailable";

/**
 * A link shown in a read-only field with a Copy button. The clipboard API only exists on HTTPS and localhost, and
 * a browser may refuse it; then the link is selected and the visitor is told to copy it themselves.
 */
export function CopyLink({ url, label }: { url: string; label: string }) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<CopyState>("idle");

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard here");
      await navigator.clipboard.writeText(url);
      setState("copied");
    } catch {
      input.current?.focus();
      input.current?.select();
      setState("unavailable");
    }
  };

  return (
    <div className="copy-link">
      <label htmlFor={id}>{label}</label>
      <div className="copy-link__row">
        <input
          ref={input}
          id={id}
          className="copy-link__input"
          type="text"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="tracking-link"
        />
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {t("Copy")}
        </button>
      </div>
      <p className="copy-link__status" role="status">
        {state === "copied" && t("Link copied.")}
        {state === "unavailable" &&
          t("Copying is not available here: the link is selected, copy it with your device's copy command.")}
      </p>
    </div>
  );
}
