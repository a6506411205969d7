import { z } from 'zod';
import { MAX_DISTRICT, STATE_CODES, isValidDistrict } from '../geography/states';
import { ALIGNMENTS, OTHER_ALIGNMENT_MAX } from '../profiles/alignment';
import { multiLineText, singleLineText } from '../text/text-schema';
import { MAX_LEVEL, MIN_LEVEL } from './level';

export const CAUCUS_NAME_MAX = 100;
export const CAUCUS_PASSWORD_MIN = 4;
export const DEFAULT_REQUIRED_MEMBERS = 10;
export const MAX_REQUIRED_MEMBERS = 100;
export const INVITATION_CODE_LENGTH = 6;
export const INVITATION_CODE_PATTERN = /^[A-Z0-9]{6}$/;
export const USER_SEARCH_LIMIT = 10;
export const CHAT_MESSAGE_MAX = 2000;

export const CAUCUS_MESSAGES = {
  nameRequired: 'Caucus name is required',
  nameTooLong: 'Caucus name must be 100 characters or less',
  stateRequired: 'State is required when organizing',
  districtRequired: 'Valid district is required when organizing',
  levelRange: 'Level must be between 1 and 5',
  level5AdminsOnly: 'Only administrators can create Level 5 caucuses',
  level5Exists: 'This district already has its Level 5 caucus.',
  passwordRequired: 'Password is required for private caucuses',
  passwordTooShort: 'Password must be at least 4 characters long',
  alignmentRequired: 'Political Alignment is required',
  platformLinkEmpty: 'Platform link cannot be empty',
  platformLinkInvalid: 'Platform link must be a web address starting with http:// or https://',
  chatEmpty: 'Message cannot be empty',
  chatTooLong: `Messages can be at most ${CHAT_MESSAGE_MAX} characters`,
  requiredMembersBelowCount: (n: number, m: number) => `Required members (${n}) cannot be less than current member count (${m})`,
  requiredMembersRange: `Required members must be between 1 and ${MAX_REQUIRED_MEMBERS}`,
  requiredMembersLevel5Only: 'Required members can only be changed on Level 5 caucuses',
} as const;

export const CAUCUS_STATUSES = ['available', 'full', 'finalized', 'all'] as const;
export type CaucusStatusFilter = (typeof CAUCUS_STATUSES)[number];

/** Displayed status: Open while it takes members, Closed once full or finalized. */
export function caucusStatus(c: { electionFinalized: boolean; votingMemberCount: number; requiredVotingMembers: number }): 'available' | 'full' | 'finalized' {
  if (c.electionFinalized) return 'finalized';
  return c.votingMemberCount >= c.requiredVotingMembers ? 'full' : 'available';
}

const INVITATION_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Six random uppercase alphanumeric characters, from the random bytes given. */
export function invitationCodeFrom(bytes: Uint8Array): string {
  let code = '';
  for (let i = 0; i < INVITATION_CODE_LENGTH; i++) code += INVITATION_ALPHABET[(bytes[i] ?? 0) % INVITATION_ALPHABET.length];
  return code;
}

const optionalDistrict = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ error: CAUCUS_MESSAGES.districtRequired }).int(CAUCUS_MESSAGES.districtRequired).min(1, CAUCUS_MESSAGES.districtRequired).max(MAX_DISTRICT, CAUCUS_MESSAGES.districtRequired).optional(),
);
const optionalLevel = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ error: CAUCUS_MESSAGES.levelRange }).int(CAUCUS_MESSAGES.levelRange).min(MIN_LEVEL, CAUCUS_MESSAGES.levelRange).max(MAX_LEVEL, CAUCUS_MESSAGES.levelRange).optional(),
);

export const createCaucusSchema = z
  .object({
    name: singleLineText({ error: CAUCUS_MESSAGES.nameRequired }).trim().min(1, CAUCUS_MESSAGES.nameRequired).max(CAUCUS_NAME_MAX, CAUCUS_MESSAGES.nameTooLong),
    membershipType: z.enum(['voting', 'organizer']),
    state: singleLineText().max(2, CAUCUS_MESSAGES.stateRequired).optional(),
    district: optionalDistrict,
    level: optionalLevel,
    politicalAlignment: z.enum(ALIGNMENTS, { error: CAUCUS_MESSAGES.alignmentRequired }),
    otherAlignment: singleLineText().trim().max(OTHER_ALIGNMENT_MAX).optional(),
    accessType: z.enum(['open', 'private']),
    password: singleLineText().max(200).optional(),
    platformLink: singleLineText().trim().max(500).optional(),
    confirmLeave: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.membershipType === 'organizer') {
      if (!v.state || !(STATE_CODES as readonly string[]).includes(v.state)) {
        ctx.addIssue({ code: 'custom', message: CAUCUS_MESSAGES.stateRequired, path: ['state'] });
      } else if (v.district === undefined || !isValidDistrict(v.state, v.district)) {
        ctx.addIssue({ code: 'custom', message: CAUCUS_MESSAGES.districtRequired, path: ['district'] });
      }
      if (v.level === undefined || v.level < MIN_LEVEL || v.level > MAX_LEVEL) {
        ctx.addIssue({ code: 'custom', message: CAUCUS_MESSAGES.levelRange, path: ['level'] });
      }
    }
    if (v.accessType === 'private') {
      const pw = (v.password ?? '').trim();
      if (!pw) ctx.addIssue({ code: 'custom', message: CAUCUS_MESSAGES.passwordRequired, path: ['password'] });
      else if (pw.length < CAUCUS_PASSWORD_MIN) ctx.addIssue({ code: 'custom', message: CAUCUS_MESSAGES.passwordTooShort, path: ['password'] });
    }
    if (v.platformLink && !/^https?:\/\/\S+$/i.test(v.platformLink)) {
      ctx.addIssue({ code: 'custom', message: CAUCUS_MESSAGES.platformLinkInvalid, path: ['platformLink'] });
    }
  });
export type CreateCaucusInput = z.infer<typeof createCaucusSchema>;

export const searchCaucusesSchema = z.object({
  state: z.enum(STATE_CODES).optional(),
  district: z.coerce.number().int().min(1).max(MAX_DISTRICT).optional(),
  level: z.coerce.number().int().min(MIN_LEVEL).max(MAX_LEVEL).optional(),
  name: singleLineText().trim().max(CAUCUS_NAME_MAX).optional(),
  status: z.enum(CAUCUS_STATUSES).default('available'),
  alignment: singleLineText().trim().max(OTHER_ALIGNMENT_MAX).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type SearchCaucusesInput = z.infer<typeof searchCaucusesSchema>;
export const SEARCH_PAGE_SIZE = 20;

export const joinCaucusSchema = z.object({
  password: singleLineText().max(200).optional(),
  confirmLeave: z.boolean().optional(),
});

export const castVoteSchema = z.object({ candidateId: z.uuid('Choose a voting member of this caucus') });

export const platformLinkSchema = z.object({
  platformLink: singleLineText({ error: CAUCUS_MESSAGES.platformLinkEmpty })
    .trim()
    .min(1, CAUCUS_MESSAGES.platformLinkEmpty)
    .max(500)
    .regex(/^https?:\/\/\S+$/i, CAUCUS_MESSAGES.platformLinkInvalid),
});

export const requiredMembersSchema = z.object({
  requiredVotingMembers: z.coerce.number().int(CAUCUS_MESSAGES.requiredMembersRange).min(1, CAUCUS_MESSAGES.requiredMembersRange).max(MAX_REQUIRED_MEMBERS, CAUCUS_MESSAGES.requiredMembersRange),
});

export const chatMessageSchema = z.object({
  message: multiLineText({ error: CAUCUS_MESSAGES.chatEmpty }).trim().min(1, CAUCUS_MESSAGES.chatEmpty).max(CHAT_MESSAGE_MAX, CAUCUS_MESSAGES.chatTooLong),
});

/** The invitation service's own words for an address that is not one (checked here, so the document says `format: email`). */
const INVALID_EMAIL = 'Enter a valid email address.';
export const inviteVoterSchema = z.object({ inviteeId: z.uuid('Choose a user to invite') });
export const inviteOrganizerSchema = z
  .object({
    // A blank address is no address: the refine below asks for one or a user.
    email: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), singleLineText().trim().max(254).email(INVALID_EMAIL).optional()),
    inviteeId: z.uuid().optional(),
  })
  .refine((v) => !!v.email || !!v.inviteeId, { message: 'Enter an email address or choose a user', path: ['email'] });
export const inviteVoterByEmailSchema = z.object({ email: singleLineText().trim().min(1, 'Enter an email address').max(254, INVALID_EMAIL).email(INVALID_EMAIL) });
export const respondInvitationSchema = z.object({
  response: z.enum(['accepted', 'declined']),
  password: singleLineText().max(200).optional(),
  confirmLeave: z.boolean().optional(),
});
