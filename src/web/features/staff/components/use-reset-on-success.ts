import { useEffect, useRef } from "react";
/** Empties a form once its submission succeeded, so the next note or reason starts blank. */
export function useResetOnSuccess(result: { ok: boolean } | undefined, idle: boolean) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (idle && result?.ok) formRef.current?.reset();
  }, [result, idle]);
  return formRef;
}
