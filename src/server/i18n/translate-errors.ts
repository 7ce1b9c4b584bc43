import type { FastifyInstance } from "fastify";
import { requestLocale, translateFor } from "./server-i18n.ts";

/**
 * Every error answer's message, and each field's, in the request's language (docs/decisions/019-languages.md):
 * handlers and schemas word their problems in English, where they find them, and this turns the finished text
 * into the reader's language on the way out. Answers vary by `Accept-Language` and by the language cookie.
 */
export function registerErrorTranslation(app: FastifyInstance): void {
  app.addHook("preSerialization", async (request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || !isMessageBody(payload)) return payload;
    reply.header("vary", "Accept-Language, Cookie");
    const locale = requestLocale(request);
    reply.header("content-language", locale);
    if (locale === "en") return payload;
    const fieldErrors = payload.fieldErrors
      ? Object.fromEntries(
          Object.entries(payload.fieldErrors).map(([field, text]) => [field, translateFor(locale, text)]),
        )
      : undefined;
    return { ...payload, message: translateFor(locale, payload.message), ...(fieldErrors && { fieldErrors }) };
  });
}

function isMessageBody(payload: unknown): payload is { message: string; fieldErrors?: Record<string, string> } {
  return (
    typeof payload === "object" && payload !== null && typeof (payload as { message?: unknown }).message === "string"
  );
}
