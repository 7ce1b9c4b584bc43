import { z } from "zod/mini";

/** Answers of erasure and access on request (docs/decisions/043-erasure-and-access-on-request.md). Times: ISO 8601. */

const time = z.string();
const maybeTime = z.nullable(z.string());

/** erasePersonalData, eraseMyContactDetails: what was erased. */
export const erasureResultSchema = z.object({
  reference: z.string(),
  /** Whether the report still had an e-mail address or phone number to erase. */
  contactDetails: z.boolean(),
  /** E-mail addresses and phone numbers replaced by the marker in the report's title, description and location... */
  inReport: z.number(),
  /** ...and in its reporter's updates. */
  inUpdates: z.number(),
  /** The reporter's follow of the report, ended. */
  follows: z.number(),
  /** E-mail to the reporter about the report: kept as a record without the address or text; waiting ones not sent. */
  emails: z.number(),
  /** SMS in and out about the report, deleted. */
  sms: z.number(),
});

/** findPersonalData: everything held about one e-mail address or phone number, as one file for the person. */
export const personalDataSchema = z.object({
  asked: z.object({ email: z.nullable(z.string()), phone: z.nullable(z.string()) }),
  generatedAt: time,
  /** Who holds it and how to reach them (the privacy notice's contact). */
  controller: z.object({ name: z.nullable(z.string()), contact: z.nullable(z.string()) }),
  reports: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      title: z.string(),
      description: z.string(),
      location: z.nullable(z.string()),
      status: z.string(),
      channel: z.string(),
      createdAt: time,
      email: z.nullable(z.string()),
      phone: z.nullable(z.string()),
      smsUpdates: z.boolean(),
      hidden: z.boolean(),
    }),
  ),
  follows: z.array(
    z.object({
      reference: z.string(),
      email: z.string(),
      asReporter: z.boolean(),
      createdAt: time,
      confirmedAt: maybeTime,
      unsubscribedAt: maybeTime,
    }),
  ),
  alertSubscriptions: z.array(
    z.object({
      channel: z.enum(["email", "sms"]),
      address: z.string(),
      locality: z.nullable(z.string()),
      latitude: z.nullable(z.number()),
      longitude: z.nullable(z.number()),
      radiusMetres: z.nullable(z.number()),
      createdAt: time,
      confirmedAt: maybeTime,
      endedAt: maybeTime,
    }),
  ),
  emails: z.array(
    z.object({
      reference: z.nullable(z.string()),
      recipient: z.string(),
      kind: z.string(),
      subject: z.string(),
      createdAt: time,
      sentAt: maybeTime,
      failedAt: maybeTime,
    }),
  ),
  smsNumbers: z.array(z.object({ phone: z.string(), language: z.string(), stoppedAt: maybeTime, firstSeenAt: time })),
  sms: z.array(
    z.object({
      reference: z.nullable(z.string()),
      direction: z.enum(["in", "out"]),
      phone: z.string(),
      text: z.string(),
      at: time,
      sentAt: maybeTime,
      delivery: z.nullable(z.string()),
    }),
  ),
});
export type PersonalData = z.output<typeof personalDataSchema>;
export type ErasureResult = z.output<typeof erasureResultSchema>;
