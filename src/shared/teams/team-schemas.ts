import { z } from "zod/mini";
import { englishText } from "../i18n/english-text.ts";
import { idSchema as uuid } from "../ids.ts";
import { msg } from "../i18n/locales.ts";
import { isStorableText } from "../storable-text.ts";

/**
 * Teams (migration 027, docs/decisions/029-teams-routing-and-assignment.md): in-house crews, contractors and partner
 * bodies, with an inbox, members and a supervisor. zod/mini: the console validates with these before sending, the
 * server again.
 */

export const TEAM_KINDS = ["crew", "contractor", "partner"] as const;
export type TeamKind = (typeof TEAM_KINDS)[number];
export const TEAM_NAME_MAX_LENGTH = 100;

/** English message ids, translated where they are shown (docs/decisions/019-languages.md). */
export const TEAM_MESSAGES = {
  nameRequired: msg("Please give the team a name."),
  nameTooLong: englishText(msg("The team's name must be at most {max} characters."), { max: TEAM_NAME_MAX_LENGTH }),
  invalidText: msg("Please remove the characters that cannot be stored."),
  emailInvalid: msg("Please enter the team's e-mail address (its inbox)."),
  kindInvalid: msg("Please choose whether the team is a crew, a contractor or a partner body."),
  accountInvalid: msg("Please choose a staff account."),
  duplicateName: msg("Another team already has this name."),
  notFound: msg("There is no such team."),
  accountNotFound: msg("There is no such staff account."),
} as const;

const name = () =>
  z
    .string({ error: TEAM_MESSAGES.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, TEAM_MESSAGES.nameRequired),
      z.maxLength(TEAM_NAME_MAX_LENGTH, TEAM_MESSAGES.nameTooLong),
      z.refine(isStorableText, TEAM_MESSAGES.invalidText),
    );
const email = () =>
  z
    .string({ error: TEAM_MESSAGES.emailInvalid })
    .check(z.trim(), z.email(TEAM_MESSAGES.emailInvalid), z.maxLength(254, TEAM_MESSAGES.emailInvalid));
const kind = () => z.enum(TEAM_KINDS, { error: TEAM_MESSAGES.kindInvalid });

/** POST /api/staff/teams (createTeam): a name and an inbox; a crew without a supervisor unless said. */
export const newTeamSchema = z.object({
  name: name(),
  email: email(),
  kind: z.optional(kind()),
  supervisorId: z.optional(z.nullable(uuid(TEAM_MESSAGES.accountInvalid))),
});
export type NewTeam = z.output<typeof newTeamSchema>;

/** PATCH /api/staff/teams/{id}: what is sent changes; `active: false` retires the team, `true` brings it back. */
export const teamChangeSchema = z.object({
  name: z.optional(name()),
  email: z.optional(email()),
  kind: z.optional(kind()),
  supervisorId: z.optional(z.nullable(uuid(TEAM_MESSAGES.accountInvalid))),
  active: z.optional(z.boolean()),
});
export type TeamChange = z.output<typeof teamChangeSchema>;

/** POST /api/staff/teams/{id}/members. */
export const newTeamMemberSchema = z.object({ staffAccountId: uuid(TEAM_MESSAGES.accountInvalid) });

const personSchema = z.object({ id: z.string(), email: z.string() });
export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The team's inbox: told of each new report routed to it. */
  email: z.string(),
  kind: z.enum(TEAM_KINDS),
  supervisor: z.nullable(personSchema),
  members: z.array(personSchema),
  /** A retired team keeps its reports but gets no new ones and cannot be chosen. */
  active: z.boolean(),
  createdAt: z.string(),
});
export type TeamView = z.output<typeof teamSchema>;
export const teamListSchema = z.object({ teams: z.array(teamSchema) });
export type TeamList = z.output<typeof teamListSchema>;
