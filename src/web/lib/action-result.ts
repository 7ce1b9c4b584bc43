/**
 * What every router action answers, route actions and fetcher actions alike (docs/project-structure.md,
 * "Conventions in the browser"): done, with an optional message and the data the form shows; or refused, with the
 * message that says why and, when the refusal is about fields, each field's own message.
 *
 * `intent` is the form's intent field (or, for a page with one form, the page's action), so a component reading a
 * shared fetcher or the page's action data knows the answer is its own. Messages are kept as the schema or the
 * server worded them (an English id, or already in the visitor's language) and translated where they are shown,
 * so that they follow a change of language (docs/decisions/019-languages.md).
 */
export type ActionResult<Intent extends string = string, Data = undefined, Field extends string = string> =
  ActionDone<Intent, Data> | ActionRefused<Intent, Field>;

export type ActionDone<Intent extends string = string, Data = undefined> = {
  intent: Intent;
  ok: true;
  /** The confirmation the form shows, if it shows one. */
  message?: string;
} & (undefined extends Data ? { data?: Data } : { data: Data });

export interface ActionRefused<Intent extends string = string, Field extends string = string> {
  intent: Intent;
  ok: false;
  /** Why: shown beside the form, or, when fieldErrors names the fields, as the headline of their messages. */
  message: string;
  /** Each field's message, shown at the field (lib/form-field.tsx). */
  fieldErrors?: Partial<Record<Field, string>>;
}

/** A refusal, with the fields it is about. */
export function refusal<Intent extends string, Field extends string = string>(
  intent: Intent,
  message: string,
  fieldErrors?: Partial<Record<Field, string>>,
): ActionRefused<Intent, Field> {
  return fieldErrors ? { intent, ok: false, message, fieldErrors } : { intent, ok: false, message };
}

/** A refusal about one field, whose message is the refusal's. */
export function fieldRefusal<Intent extends string, Field extends string>(
  intent: Intent,
  field: Field,
  message: string,
): ActionRefused<Intent, Field> {
  return refusal<Intent, Field>(intent, message, { [field]: message } as Partial<Record<Field, string>>);
}

/** The message a refusal gives one field; empty when the result is not a refusal about it. */
export function fieldErrorOf<Field extends string>(
  result: ActionResult<string, unknown, Field> | undefined,
  field: Field,
): string {
  return (result && !result.ok && result.fieldErrors?.[field]) || "";
}

/**
 * A refusal's message when no field says it: the form's own alert shows it. A refusal about fields is said at
 * them instead, so it is not said twice.
 */
export function formProblemOf(result: ActionResult<string, unknown, string> | undefined): string {
  return result && !result.ok && !result.fieldErrors ? result.message : "";
}
