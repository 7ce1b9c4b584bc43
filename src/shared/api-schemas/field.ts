import { z } from "zod/mini";
import { PRIORITIES, STATUSES } from "../domain.ts";
import { grievanceImageSchema } from "./grievances.ts";

/**
 * Answers about the crew in the field (docs/decisions/031-technician-links.md): the links staff send to technicians,
 * and what a technician's link opens.
 */

/** Where a link stands: usable, past its 72 hours, withdrawn by staff, or spent on marking the job fixed. */
export const TECHNICIAN_LINK_STATES = ["active", "expired", "revoked", "used"] as const;

/** A link as staff see it on the report's page; never the token, which only the e-mail holds. */
export const technicianLinkSchema = z.object({
  id: z.string(),
  email: z.string(),
  state: z.enum(TECHNICIAN_LINK_STATES),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.nullable(z.string()),
  usedAt: z.nullable(z.string()),
  /** The staff member who sent it; null once their account is gone. */
  createdBy: z.nullable(z.string()),
});

export const technicianLinkListSchema = z.object({ items: z.array(technicianLinkSchema) });

/** The 201 answer of createTechnicianLink: the link itself (also e-mailed), and the link's record. */
export const technicianLinkCreatedSchema = z.object({ url: z.string(), link: technicianLinkSchema });

/**
 * A note on the job as the technician sees it: staff's internal notes (the author shown as "the office": a member
 * of staff's address is not handed to contractors) and the technicians' own, with the address they were sent to.
 */
export const fieldNoteSchema = z.object({
  id: z.string(),
  at: z.string(),
  text: z.string(),
  images: z.array(grievanceImageSchema),
  author: z.object({ kind: z.enum(["staff", "technician"]), email: z.nullable(z.string()) }),
});

/**
 * What a technician's link opens: the report without its reporter's contact details (the decision says why), its
 * pin, its photos and the internal notes. Images are served under the link itself.
 */
export const fieldJobSchema = z.object({
  report: z.object({
    id: z.string(),
    reference: z.string(),
    title: z.string(),
    description: z.string(),
    location: z.nullable(z.string()),
    category: z.string(),
    priority: z.enum(PRIORITIES),
    status: z.enum(STATUSES),
    created_at: z.string(),
    latitude: z.nullable(z.number()),
    longitude: z.nullable(z.number()),
    images: z.array(grievanceImageSchema),
  }),
  notes: z.array(fieldNoteSchema),
  /** The address the link was sent to: the technician's notes are recorded as theirs. */
  technicianEmail: z.string(),
  expiresAt: z.string(),
});

/** The answer once the job is marked fixed: the link is spent; the public page shows the repair. */
export const fieldJobFixedSchema = z.object({ status: z.enum(STATUSES), reportUrl: z.string() });
