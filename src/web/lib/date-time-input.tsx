import { useEffect, useRef, useState, type InputHTMLAttributes } from "react";
import { describedBy, type FieldControlProps } from "./form-field.tsx";
import { formatDateTime } from "./i18n/format.ts";
import { useT } from "./i18n/i18n-context.tsx";

type DateTimeInputProps = FieldControlProps &
  Pick<InputHTMLAttributes<HTMLInputElement>, "name" | "defaultValue" | "disabled" | "required">;

/**
 * A date and time field (`datetime-local`) that says what it holds in the page's language. Browsers draw the
 * control itself in their own interface language (Chromium ignores the page's `lang`), so an Arabic or Hindi page
 * shows "mm/dd/yyyy" in a browser set to American English; the line under it reads the chosen moment back as the
 * page writes dates (formatDateTime), and the control points at it (`aria-describedby`).
 */
export function DateTimeInput({ defaultValue, ...props }: DateTimeInputProps) {
  const t = useT();
  const initial = typeof defaultValue === "string" ? defaultValue : "";
  const [value, setValue] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  // A form reset (after a published update) puts the control back without an input event: the line follows it.
  useEffect(() => {
    const form = input.current?.form;
    const reset = () => setValue(initial);
    form?.addEventListener("reset", reset);
    return () => form?.removeEventListener("reset", reset);
  }, [initial]);
  const readsId = `${props.id}-reads`;
  const moment = value ? new Date(value) : undefined;
  const readable = moment && !Number.isNaN(moment.getTime()) ? formatDateTime(moment) : undefined;
  return (
    <>
      <input
        ref={input}
        type="datetime-local"
        {...props}
        defaultValue={defaultValue}
        onInput={(event) => setValue(event.currentTarget.value)}
        aria-describedby={describedBy(props["aria-describedby"], readable && readsId)}
      />
      {readable && (
        <p className="hint" id={readsId} data-testid="date-time-reads">
          {t("Reads as {date}", { date: readable })}
        </p>
      )}
    </>
  );
}
