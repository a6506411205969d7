import { z } from 'zod';
import { multiLineText, singleLineText } from '../text/text-schema';

/** Spec: teams blue and orange, types banners or sparks, 3 to 30 days, at most 12 members, recent = last 30 days. */
export const CHALLENGE_TYPES = ['sparks', 'banners'] as const;
export type ChallengeType = (typeof CHALLENGE_TYPES)[number];
export const TEAMS = ['blue', 'orange'] as const;
export type Team = (typeof TEAMS)[number];
export const CHALLENGE_STATUSES = ['active', 'completed'] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

export const CHALLENGE_MIN_DAYS = 3;
export const CHALLENGE_MAX_DAYS = 30;
export const CHALLENGE_DEFAULT_DAYS = 7;
export const CHALLENGE_MAX_MEMBERS = 12;
/** The creator is a member too: this many friends at most. */
export const CHALLENGE_MAX_INVITEES = CHALLENGE_MAX_MEMBERS - 1;
export const CHALLENGE_RECENT_DAYS = 30;
export const CHALLENGE_NAME_MAX = 100;
export const CHALLENGE_CHAT_MAX = 2000;
/** The chat shows the newest messages, oldest first. */
export const CHALLENGE_CHAT_HISTORY_LIMIT = 200;

export const CHALLENGE_MESSAGES = {
  nameRequired: 'Challenge name is required',
  nameTooLong: `Challenge name must be ${CHALLENGE_NAME_MAX} characters or less`,
  typeRequired: 'Choose a challenge type: Banners or Sparks.',
  durationRange: `Duration must be between ${CHALLENGE_MIN_DAYS} and ${CHALLENGE_MAX_DAYS} days`,
  teamRequired: 'Choose your team: blue or orange.',
  noFriendsInvited: 'No Friends Invited: You must invite at least one friend to create a challenge.',
  tooManyMembers: `A challenge can have at most ${CHALLENGE_MAX_MEMBERS} members.`,
  duplicateInvitee: 'Each friend can be invited once.',
  notYourFriend: 'You can only invite your friends to a challenge.',
  createFailed: 'Failed to create challenge. Please try again.',
  joinFailed: 'Failed to join challenge.',
  leaveFailed: 'Failed to leave challenge.',
  accessDeniedTitle: 'Access Denied',
  accessDenied: "You don't have access to this challenge.",
  ended: 'This challenge has ended.',
  full: `This challenge is full (${CHALLENGE_MAX_MEMBERS}/${CHALLENGE_MAX_MEMBERS} members).`,
  alreadyMember: 'You are already a member of this challenge.',
  notMember: 'You are not a member of this challenge.',
  chatEmpty: 'Message cannot be empty',
  chatTooLong: `Messages can be at most ${CHALLENGE_CHAT_MAX.toLocaleString('en-US')} characters`,
} as const;

const uuidList = z
  .array(z.uuid({ error: CHALLENGE_MESSAGES.notYourFriend }), { error: CHALLENGE_MESSAGES.noFriendsInvited })
  .min(1, CHALLENGE_MESSAGES.noFriendsInvited)
  .max(CHALLENGE_MAX_INVITEES, CHALLENGE_MESSAGES.tooManyMembers)
  .refine((ids) => new Set(ids).size === ids.length, CHALLENGE_MESSAGES.duplicateInvitee);

/** The Create Challenge dialog and POST /api/challenges. */
export const createChallengeSchema = z.object({
  name: singleLineText({ error: CHALLENGE_MESSAGES.nameRequired }).trim().min(1, CHALLENGE_MESSAGES.nameRequired).max(CHALLENGE_NAME_MAX, CHALLENGE_MESSAGES.nameTooLong),
  challengeType: z.enum(CHALLENGE_TYPES, { error: CHALLENGE_MESSAGES.typeRequired }),
  durationDays: z
    .number({ error: CHALLENGE_MESSAGES.durationRange })
    .int(CHALLENGE_MESSAGES.durationRange)
    .min(CHALLENGE_MIN_DAYS, CHALLENGE_MESSAGES.durationRange)
    .max(CHALLENGE_MAX_DAYS, CHALLENGE_MESSAGES.durationRange),
  team: z.enum(TEAMS, { error: CHALLENGE_MESSAGES.teamRequired }),
  inviteeIds: uuidList,
});
export type CreateChallengeInput = z.infer<typeof createChallengeSchema>;

/** Chat message (caucus and challenge): trimmed, non-empty. */
export const challengeChatMessageSchema = z.object({
  message: multiLineText({ error: CHALLENGE_MESSAGES.chatEmpty }).trim().min(1, CHALLENGE_MESSAGES.chatEmpty).max(CHALLENGE_CHAT_MAX, CHALLENGE_MESSAGES.chatTooLong),
});

// ---------------------------------------------------------------------------------------
// What the API answers (shared by server and web).

/** What every answer says of a challenge. */
export const challengeFieldsSchema = z.object({
  id: z.string(),
  name: z.string(),
  challengeType: z.enum(CHALLENGE_TYPES),
  durationDays: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(CHALLENGE_STATUSES),
  winningTeam: z.enum(TEAMS).nullable(),
});
export type ChallengeFields = z.infer<typeof challengeFieldsSchema>;

export const challengeSummarySchema = challengeFieldsSchema
  .extend({
    memberCount: z.number().int(),
    /** The viewer's team, or null when the viewer is only invited. */
    myTeam: z.enum(TEAMS).nullable(),
  })
  .meta({ id: 'ChallengeSummary' });
export type ChallengeSummary = z.infer<typeof challengeSummarySchema>;

export const challengeListsSchema = z.object({
  ongoing: z.array(challengeSummarySchema),
  /** Completed within the last CHALLENGE_RECENT_DAYS days. */
  recent: z.array(challengeSummarySchema),
  /** Challenges the viewer is invited to and has not joined (active ones only). */
  invitations: z.array(challengeSummarySchema),
});
export type ChallengeLists = z.infer<typeof challengeListsSchema>;

export const challengeRankingEntrySchema = z.object({
  userId: z.string(),
  name: z.string(),
  team: z.enum(TEAMS),
  score: z.number().int(),
  /** 1-based; equal scores share a rank. */
  rank: z.number().int(),
});
export type ChallengeRankingEntry = z.infer<typeof challengeRankingEntrySchema>;

export const challengeScoresSchema = z.object({
  blue: z.number().int(),
  orange: z.number().int(),
  ranking: z.array(challengeRankingEntrySchema),
});
export type ChallengeScores = z.infer<typeof challengeScoresSchema>;

export const challengeDetailsSchema = challengeFieldsSchema.extend({
  creatorId: z.string(),
  creatorName: z.string(),
  teamCounts: z.object({ blue: z.number().int(), orange: z.number().int() }),
});
export type ChallengeDetails = z.infer<typeof challengeDetailsSchema>;

/** /challenge/{id}: a member's view (scores and ranking) or an invitation's. */
export const challengeViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('member'), challenge: challengeDetailsSchema, myTeam: z.enum(TEAMS), scores: challengeScoresSchema }),
  z.object({ kind: z.literal('invitation'), challenge: challengeDetailsSchema, inviterName: z.string(), teamToJoin: z.enum(TEAMS), canRespond: z.boolean() }),
]);
export type ChallengeView = z.infer<typeof challengeViewSchema>;

export const challengeChatMessageViewSchema = z
  .object({
    id: z.string(),
    challengeId: z.string(),
    userId: z.string(),
    userName: z.string(),
    message: z.string(),
    createdAt: z.string(),
    /** Hidden pending review (issue 14): only its author reads the message. */
    hidden: z.boolean(),
    /** By someone the viewer blocked: folded away, the message left out. */
    blocked: z.boolean(),
  })
  .meta({ id: 'ChallengeChatMessage' });
export type ChallengeChatMessage = z.infer<typeof challengeChatMessageViewSchema>;

/** A challenge just created. */
export const challengeCreatedSchema = z.object({ id: z.string() });
export type ChallengeCreated = z.infer<typeof challengeCreatedSchema>;

/** An invitation accepted: the team joined. */
export const challengeAcceptedSchema = z.object({ team: z.enum(TEAMS) });
export type ChallengeAccepted = z.infer<typeof challengeAcceptedSchema>;

export const challengeDeclinedSchema = z.object({ declined: z.literal(true) });
export type ChallengeDeclined = z.infer<typeof challengeDeclinedSchema>;

export const challengeLeftSchema = z.object({ left: z.literal(true) });
export type ChallengeLeft = z.infer<typeof challengeLeftSchema>;
