import type { Locale } from "#shared/i18n/locales.ts";
import { foldWords, wordsOf } from "./sms-words.ts";

/**
 * What a resident's SMS asks for (docs/decisions/037-sms-conversations.md): a command in any of the five languages,
 * or a report. Pure: the workflow decides what each does. A command is its word first, in any case, with or without
 * accents, spaces or punctuation around it ("stop", " Stop! ", "ESTADO ws-7k3m9p"). Words that also begin ordinary
 * sentences (STOP, START, HELP, YES) are commands only alone, so "Stop the leak near the school" stays a report.
 */
export type SmsCommand =
  | { kind: "status"; reference: string | undefined }
  | { kind: "stop"; alertsOnly: boolean }
  | { kind: "start" }
  | { kind: "help" }
  | { kind: "alerts"; locality: string }
  | { kind: "yes"; reference: string | undefined }
  | { kind: "no"; note: string; reference: string | undefined }
  | { kind: "report" };

export type ParsedSms = SmsCommand & {
  /** The language of the command word, when only one language has it ("ESTADO": es); "STOP" or "NO" say none. */
  locale: Locale | undefined;
};

type Word = readonly [word: string, locale: Locale | undefined];
const any = undefined;

// Each command's words, folded as foldWords folds them (no accents; Arabic letters made one).
const STATUS: Word[] = [
  ["status", "en"],
  ["estado", "es"],
  ["statut", "fr"],
  ["etat", "fr"],
  ["حاله", "ar"],
  ["الحاله", "ar"],
  ["स्थिति", "hi"],
  ["स्टेटस", "hi"],
];
const STOP: Word[] = [
  ["stop", any],
  ["stopall", any],
  ["unsubscribe", "en"],
  ["cancel", "en"],
  ["quit", "en"],
  ["parar", "es"],
  ["alto", "es"],
  ["baja", "es"],
  ["arret", "fr"],
  ["arreter", "fr"],
  ["توقف", "ar"],
  ["ايقاف", "ar"],
  ["الغاء", "ar"],
  ["रोकें", "hi"],
  ["रोको", "hi"],
  ["बंद", "hi"],
];
const START: Word[] = [
  ["start", any],
  ["unstop", "en"],
  ["resume", "en"],
  ["reanudar", "es"],
  ["iniciar", "es"],
  ["reprendre", "fr"],
  ["demarrer", "fr"],
  ["ابدا", "ar"],
  ["استئناف", "ar"],
  ["शुरू", "hi"],
  ["चालू", "hi"],
];
const HELP: Word[] = [
  ["help", "en"],
  ["ayuda", "es"],
  ["aide", "fr"],
  ["مساعده", "ar"],
  ["मदद", "hi"],
  ["सहायता", "hi"],
];
const ALERTS: Word[] = [
  ["alerts", "en"],
  ["alert", "en"],
  ["alertas", "es"],
  ["alerta", "es"],
  ["alertes", "fr"],
  ["alerte", "fr"],
  ["تنبيهات", "ar"],
  ["تنبيه", "ar"],
  ["अलर्ट", "hi"],
  ["चेतावनी", "hi"],
];
const YES: Word[] = [
  ["yes", "en"],
  ["y", "en"],
  ["si", "es"],
  ["oui", "fr"],
  ["نعم", "ar"],
  ["اجل", "ar"],
  ["हाँ", "hi"],
  ["हां", "hi"],
  ["हा", "hi"],
];
const NO: Word[] = [
  ["no", any],
  ["n", "en"],
  ["non", "fr"],
  ["لا", "ar"],
  ["नहीं", "hi"],
  ["नही", "hi"],
  ["ना", "hi"],
];

const find = (words: Word[], word: string | undefined): Word | undefined =>
  word === undefined ? undefined : words.find(([candidate]) => candidate === word);

// A reference as people type it: "WS-7K3M9P", "ws 7k3m9p", "WS7K3M9P" (docs/decisions/013: no 0, 1, I or O in it).
const REFERENCE_IN_TEXT = /(?<![\p{L}\p{N}])WS[\s._:-]*([2-9A-HJ-NP-Z]{6})(?![\p{L}\p{N}])/iu;

/** The first report reference written in the text, as the portal writes it (WS-7K3M9P). */
export function referenceIn(text: string): string | undefined {
  const match = REFERENCE_IN_TEXT.exec(text);
  return match?.[1] ? `WS-${match[1].toUpperCase()}` : undefined;
}

/** The text after its first word, without the spaces and punctuation between. */
function restAfterFirstWord(text: string): string {
  const trimmed = text.trim();
  const first = /[\p{L}\p{M}\p{N}]+/u.exec(trimmed);
  if (!first) return "";
  return trimmed
    .slice(first.index + first[0].length)
    .replace(/^[\s\p{P}]+/u, "")
    .trim();
}

/** What the SMS asks for. */
export function parseSms(text: string): ParsedSms {
  const words = wordsOf(text);
  const reference = referenceIn(text);
  // The words other than the reference's ("ws", "7k3m9p"), to tell "STATUS WS-…" from a sentence.
  const referenceWords = reference ? wordsOf(text.match(REFERENCE_IN_TEXT)?.[0] ?? "").length : 0;
  const first = words[0];
  const others = words.length - 1 - referenceWords;
  // An empty message, or only punctuation ("?"): the resident does not know what to send.
  if (first === undefined) return { kind: "help", locale: undefined };
  // A reference alone is a question about it.
  if (reference && words.length === referenceWords) return { kind: "status", reference, locale: undefined };

  const status = find(STATUS, first);
  // "STATUS", "STATUS WS-…", and a few words more ("status of my report"), but not a sentence.
  if (status && others <= 3) return { kind: "status", reference, locale: status[1] };

  const stop = find(STOP, first);
  if (stop && words.length === 1) return { kind: "stop", alertsOnly: false, locale: stop[1] };
  const stopped = stop && words.length === 2 && find(ALERTS, words[1]);
  if (stopped) return { kind: "stop", alertsOnly: true, locale: stop[1] ?? stopped[1] };

  const start = find(START, first);
  if (start && words.length === 1) return { kind: "start", locale: start[1] };
  const help = find(HELP, first);
  if (help && words.length === 1) return { kind: "help", locale: help[1] };

  const alerts = find(ALERTS, first);
  if (alerts) return { kind: "alerts", locality: locality(restAfterFirstWord(text)), locale: alerts[1] };

  const yes = find(YES, first);
  if (yes && others === 0) return { kind: "yes", reference, locale: yes[1] };
  const no = find(NO, first);
  if (no) {
    const note = restAfterFirstWord(reference ? text.replace(REFERENCE_IN_TEXT, " ") : text);
    return { kind: "no", note: note.replace(/\s+/g, " "), reference, locale: no[1] };
  }
  return { kind: "report", locale: undefined };
}

/** A locality as typed after ALERTS, one line without the punctuation around it, at most the column's 200 characters. */
function locality(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, "")
    .slice(0, 200)
    .trim();
}

/** Whether `word` (any case or accents) is one of a command's words: the replies' own words must be understood. */
export function isCommandWord(kind: "status" | "stop" | "start" | "help" | "alerts" | "yes" | "no", word: string) {
  const lists = { status: STATUS, stop: STOP, start: START, help: HELP, alerts: ALERTS, yes: YES, no: NO };
  return find(lists[kind], foldWords(word)) !== undefined;
}
