import { STATUS_CODES, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import type { ApiError } from "#shared/api-types.ts";
import { englishText } from "#shared/i18n/english-text.ts";
import { msg } from "#shared/i18n/locales.ts";
import { MESSAGES } from "#shared/messages.ts";
import { DatabaseUnavailableError } from "../db/database-unavailable.ts";
import { REQUEST_ID_HEADER } from "../observability/request-id.ts";
import { errorWriterOf } from "./error-formats.ts";
import { HttpError } from "./http-error.ts";
import { lingerAfterAnswer } from "./lingering-close.ts";

export const SERVER_ERROR_MESSAGE = msg("Something went wrong on our side. Please try again.");
export const NOT_FOUND_MESSAGE = msg("Not found");
// A restarting database is usually back within this; clients and monitors that honour Retry-After wait this long.
const DATABASE_RETRY_AFTER_SECONDS = 30;

// Fastify's and @fastify/multipart's own errors carry technical messages; these are what a person reads instead.
// Every message is an English message id (msg), translated on the way out (i18n/translate-errors.ts).
const MESSAGES_BY_CODE: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: msg("This kind of request body is not supported.") },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    message: msg("Please send the report as a form (multipart/form-data)."),
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: msg("The request is too large.") },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: msg("The request's length does not match its body.") },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: msg("The request body is empty.") },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: msg("The request body is not valid JSON.") },
  FST_REQ_FILE_TOO_LARGE: { status: 400, message: MESSAGES.filesRejected },
  FST_FILES_LIMIT: { status: 400, message: MESSAGES.tooManyImages },
  FST_PARTS_LIMIT: { status: 400, message: msg("The form has too many parts.") },
  FST_FIELDS_LIMIT: { status: 400, message: msg("The form has too many fields.") },
  FST_PROTO_VIOLATION: { status: 400, message: msg("The form contains a field name that is not allowed.") },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, message: msg("A form field is not valid JSON.") },
};

const MESSAGES_BY_STATUS: Record<number, string> = {
  400: msg("The request is not valid."),
  401: msg("Please sign in first."),
  403: msg("You are not allowed to do this."),
  404: NOT_FOUND_MESSAGE,
  405: msg("This method is not allowed here."),
  406: msg("The requested format is not available."),
  408: msg("The request took too long. Please try again."),
  413: msg("The request is too large."),
  415: msg("This kind of request body is not supported."),
  429: msg("Too many requests. Please wait a while and try again."),
};

/** The status and body an error is answered with (also used to word errors that are rethrown with more to say). */
export function describeError(error: FastifyError | HttpError): { status: number; body: ApiError } {
  if (error instanceof DatabaseUnavailableError) return { status: 503, body: { message: MESSAGES.serviceUnavailable } };
  // A path names something: a parameter its schema refuses (an id that is no uuid) names nothing, and is answered as an
  // unknown one is (docs/api-conventions.md, "Path parameters and ids"). First: a route's refuseWith formatter words
  // its query and body, never this.
  if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === "params") {
    return { status: 404, body: { message: notFoundMessage(error) } };
  }
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      body: { message: error.message, ...(error.fieldErrors && { fieldErrors: error.fieldErrors }) },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) return { status: 400, body: validationBody(error) };
  // An answer that does not fit its own schema is our bug, never the client's: a plain 500, logged.
  if (isResponseSerializationError(error)) return { status: 500, body: { message: SERVER_ERROR_MESSAGE } };
  const known = error.code ? MESSAGES_BY_CODE[error.code] : undefined;
  if (known) return { status: known.status, body: { message: known.message } };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    if (error.code === "FST_ERR_VALIDATION") {
      return {
        status,
        body: { message: englishText(msg("The request is not valid: {problem}"), { problem: error.message }) },
      };
    }
    return { status, body: { message: MESSAGES_BY_STATUS[status] ?? MESSAGES_BY_STATUS[400]! } };
  }
  return { status: 500, body: { message: SERVER_ERROR_MESSAGE } };
}

type ValidationFailure = FastifyError & { validation: { instancePath: string; message?: string }[] };

// zod's own wording, and a schema's fragments ("must be…"): no sentence for people without the field's name.
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized|[a-z])/;

/** The 404 of a path parameter its schema refused: the schema's own not-found message, else the general one. */
function notFoundMessage(error: ValidationFailure): string {
  const first = error.validation[0]?.message;
  return first && !ZOD_DEFAULT.test(first) ? first : NOT_FOUND_MESSAGE;
}

/**
 * A request a route's zod schema refused (docs/api-conventions.md): the first problem as the message, and each
 * field's first problem under `fieldErrors`. The shared schemas word their messages for people; zod's own
 * defaults ("Invalid input: ...") get the field's name in front so they still say where the problem is.
 */
function validationBody(error: ValidationFailure): ApiError {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.validation) {
    const field = issue.instancePath.split("/").filter(Boolean)[0] ?? error.validationContext ?? "request";
    fieldErrors[field] ??= issue.message ?? MESSAGES_BY_STATUS[400]!;
  }
  const [field, first] = Object.entries(fieldErrors)[0] ?? ["request", MESSAGES_BY_STATUS[400]!];
  // A sentence for people starts with a capital; zod's defaults ("Invalid input…") and a schema's fragments
  // ("must be…") need the field's name to say anything.
  const message = ZOD_DEFAULT.test(first) ? `${field}: ${first}` : first;
  return { message, fieldErrors };
}

/**
 * Every error becomes `{ message, requestId }` with a human message; server errors are logged, never shown in
 * detail.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = describeError(error);
    if (error instanceof DatabaseUnavailableError) {
      // Every request fails alike during an outage: one line each, without a stack.
      request.log.warn({ err: { message: error.message } }, "database unavailable");
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
    } else if (status >= 500) request.log.error({ err: error }, "request failed");
    else
      request.log.info(
        { err: { message: error.message, code: (error as FastifyError).code }, status },
        "request rejected",
      );
    // Part of the body was left unread: keeping the connection would have it wait for bytes nobody reads.
    if (error instanceof HttpError && error.closeConnection) {
      reply.header("connection", "close");
      // Closed without a reset the client could meet before it reads this answer (lingering-close.ts).
      lingerAfterAnswer(request.raw);
    }
    const ownFormat = errorWriterOf(request.url);
    if (ownFormat) return ownFormat(request, reply, status, body.message);
    // The id of this request's log lines, for a resident to quote (docs/operating.md, "Logs").
    return reply
      .code(status)
      .type("application/json; charset=utf-8")
      .send({ ...body, requestId: request.id } satisfies ApiError);
  });
}

// Node's HTTP server refuses these before Fastify sees a request: a request too slow to arrive (requestTimeout,
// headersTimeout), headers over the size limit, and anything its parser cannot read (a bad or doubled
// Content-Length, Transfer-Encoding together with Content-Length, ...). These answers stay English: there is no
// request whose headers could say which language to use.
const CLIENT_ERROR_ANSWERS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: MESSAGES_BY_STATUS[408]! },
  HPE_HEADER_OVERFLOW: { status: 431, message: "The request's headers are too large." },
};
const UNREADABLE_REQUEST = { status: 400, message: "The request could not be read." };

/**
 * Fastify's `clientErrorHandler`: answers what Node's HTTP server refuses with `{ message }` like every other
 * error (Fastify's default writes its own technical JSON), then closes the connection, which cannot be trusted
 * to carry another request.
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, message } = CLIENT_ERROR_ANSWERS[error.code] ?? UNREADABLE_REQUEST;
  // Scanners and broken clients cause these all day: worth a line when looking for them, not in every log.
  this.log.debug({ err: { message: error.message, code: error.code }, status }, "request refused by the HTTP server");
  // As Node does itself: never write into an answer already under way (a refused upload's answer may still be
  // going out while the rest of its body is read and dropped).
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ message } satisfies ApiError);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

/**
 * Fastify's `frameworkErrors`: errors raised before routing, such as a malformed percent-encoding in the address
 * (FST_ERR_BAD_URL), which would otherwise answer with Fastify's technical JSON.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === "FST_ERR_BAD_URL"
      ? msg("This address is not valid. Please check the link.")
      : MESSAGES_BY_STATUS[400]!;
  const ownFormat = errorWriterOf(request.url);
  if (ownFormat) {
    void ownFormat(request, reply.header(REQUEST_ID_HEADER, request.id), 400, message);
    return;
  }
  // Answered before any hook: the request id's header is set here.
  void reply
    .code(400)
    .header(REQUEST_ID_HEADER, request.id)
    .type("application/json; charset=utf-8")
    .send({ message, requestId: request.id } satisfies ApiError);
}

/** Not-found answer for API-like paths; the SPA fallback (spa.ts) handles page routes before this. */
export function sendNotFound(reply: FastifyReply, message = NOT_FOUND_MESSAGE): FastifyReply {
  return reply
    .code(404)
    .type("application/json; charset=utf-8")
    .send({ message, requestId: reply.request.id } satisfies ApiError);
}
