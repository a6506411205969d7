import { z } from 'zod';
import { districtCount, districtLabel, isStateCode, stateName } from '../geography/states';
import { singleLineText } from '../text/text-schema';
import { MAX_LEVEL } from '../caucuses/level';
import { messageText } from './messages';

/**
 * Broadcasts (spec sections 2, 5, 6; docs/decisions/013-broadcast-audience.md).
 * - everyone, state, district: administrators only.
 * - constituents: an elected delegate, to every voter in the representation tree beneath the
 *   highest finalized caucus they were elected by. A level-5 delegate (the district's
 *   Candidate) reaches the whole district instead.
 */
export const BROADCAST_SCOPES = ['everyone', 'state', 'district', 'constituents'] as const;
export type BroadcastScope = (typeof BROADCAST_SCOPES)[number];
export const ADMIN_SCOPES: readonly BroadcastScope[] = ['everyone', 'state', 'district'];

/** The Broadcasts tab lists this many, newest first. */
export const BROADCAST_LIST_LIMIT = 50;

export const BROADCAST_MESSAGES = {
  sendFailed: 'Failed to send broadcast.',
  scopeRequired: 'Choose who receives the broadcast.',
  stateRequired: 'State is required for a state or district broadcast.',
  districtRequired: 'District is required for a district broadcast.',
  districtRange: (state: string) => `District must be between 1 and ${districtCount(state)} for ${stateName(state)}.`,
  notAllowed: 'Only administrators and elected delegates can send broadcasts.',
  adminsOnly: 'Only administrators can broadcast to everyone, a state or a district.',
  delegatesOnly: 'Only elected delegates can broadcast to their constituents.',
} as const;

const optionalText = z.preprocess((v) => (v === '' || v === null ? undefined : v), singleLineText().trim().max(2, BROADCAST_MESSAGES.stateRequired).optional());
/**
 * The district of a district broadcast: a number, or the digits of a form field ('' or null for
 * none). Its range is the state's own, checked below with its message; other scopes do not read
 * it. No bound of its own is published: the document states what the server takes (issue 29).
 */
const optionalDistrict = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^[0-9]{0,3}$/)
        .transform((digits) => (digits === '' ? undefined : Number(digits))),
      z.null().transform(() => undefined),
    ],
    { error: BROADCAST_MESSAGES.districtRequired },
  )
  .describe("For a district broadcast: 1 to the state's number of House districts; other scopes do not read it")
  .optional();

/** The send form (spec section 5: a state or district scope needs the state, and the district for district scope). */
export const sendBroadcastSchema = z
  .object({
    message: messageText,
    scope: z.enum(BROADCAST_SCOPES, { error: BROADCAST_MESSAGES.scopeRequired }),
    state: optionalText,
    district: optionalDistrict,
  })
  .superRefine((v, ctx) => {
    if (v.scope !== 'state' && v.scope !== 'district') return;
    if (!v.state || !isStateCode(v.state)) {
      ctx.addIssue({ code: 'custom', message: BROADCAST_MESSAGES.stateRequired, path: ['state'] });
      return;
    }
    if (v.scope !== 'district') return;
    if (v.district === undefined) ctx.addIssue({ code: 'custom', message: BROADCAST_MESSAGES.districtRequired, path: ['district'] });
    else if (!Number.isInteger(v.district) || v.district < 1 || v.district > districtCount(v.state)) {
      ctx.addIssue({ code: 'custom', message: BROADCAST_MESSAGES.districtRange(v.state), path: ['district'] });
    }
  });
export type SendBroadcastInput = z.infer<typeof sendBroadcastSchema>;

/** The highest finalized caucus a user was elected delegate by: what they may broadcast to. */
export const constituencySchema = z.object({
  caucusId: z.string(),
  caucusName: z.string(),
  level: z.number().int(),
  state: z.string(),
  district: z.number().int(),
});
export type Constituency = z.infer<typeof constituencySchema>;

export interface BroadcastSender {
  isAdministrator: boolean;
  constituency: Constituency | null;
}

/** Where a broadcast goes, as stored (broadcasts.scope, target_state, target_district, caucus_id, level). */
export interface BroadcastTarget {
  scope: BroadcastScope;
  targetState: string | null;
  targetDistrict: number | null;
  caucusId: string | null;
  /** The delegate's caucus level for a delegate's broadcast; null for an administrator's. */
  level: number | null;
}

/** The scopes the send form offers: none means the form is not shown. */
export function broadcastScopesFor(sender: BroadcastSender): BroadcastScope[] {
  return [...(sender.isAdministrator ? ADMIN_SCOPES : []), ...(sender.constituency ? (['constituents'] as const) : [])];
}

export type BroadcastDecision = { ok: true; target: BroadcastTarget } | { ok: false; message: string };

/** Whether `sender` may broadcast with this scope, and where the broadcast then goes. */
export function decideBroadcastTarget(input: Pick<SendBroadcastInput, 'scope' | 'state' | 'district'>, sender: BroadcastSender): BroadcastDecision {
  const scopes = broadcastScopesFor(sender);
  if (scopes.length === 0) return { ok: false, message: BROADCAST_MESSAGES.notAllowed };
  if (!scopes.includes(input.scope)) {
    return { ok: false, message: input.scope === 'constituents' ? BROADCAST_MESSAGES.delegatesOnly : BROADCAST_MESSAGES.adminsOnly };
  }
  switch (input.scope) {
    case 'everyone':
      return { ok: true, target: { scope: 'everyone', targetState: null, targetDistrict: null, caucusId: null, level: null } };
    case 'state':
      return { ok: true, target: { scope: 'state', targetState: input.state!, targetDistrict: null, caucusId: null, level: null } };
    case 'district':
      return { ok: true, target: { scope: 'district', targetState: input.state!, targetDistrict: input.district!, caucusId: null, level: null } };
    case 'constituents': {
      const c = sender.constituency!;
      // The district's Candidate speaks to the whole district.
      if (c.level >= MAX_LEVEL) return { ok: true, target: { scope: 'district', targetState: c.state, targetDistrict: c.district, caucusId: null, level: c.level } };
      return { ok: true, target: { scope: 'constituents', targetState: c.state, targetDistrict: c.district, caucusId: c.caucusId, level: c.level } };
    }
  }
}

/** Who a broadcast was meant for, as the list shows it. */
export function audienceLabel(b: { scope: BroadcastScope; targetState: string | null; targetDistrict: number | null; level: number | null }): string {
  switch (b.scope) {
    case 'everyone':
      return 'Everyone';
    case 'state':
      return stateName(b.targetState ?? '');
    case 'district': {
      const where = districtLabel(b.targetState ?? '', b.targetDistrict ?? 0);
      return b.level === MAX_LEVEL ? `District ${where} (from its Candidate)` : `District ${where}`;
    }
    case 'constituents':
      return `Constituents of a Level ${b.level ?? '?'} Delegate in ${districtLabel(b.targetState ?? '', b.targetDistrict ?? 0)}`;
  }
}

/** How the send form names the constituents of `c`. */
export function constituencyLabel(c: Constituency): string {
  return c.level >= MAX_LEVEL
    ? `Your whole district, ${districtLabel(c.state, c.district)} (as its Candidate)`
    : `Your constituents: every voter beneath ${c.caucusName} (Level ${c.level})`;
}

/** One broadcast as the Broadcasts tab lists it (and as sending one answers). */
export const broadcastViewSchema = z
  .object({
    id: z.string(),
    sender: z.object({ id: z.string(), name: z.string(), photoUrl: z.string().nullable() }),
    message: z.string(),
    createdAt: z.string(),
    scope: z.enum(BROADCAST_SCOPES),
    targetState: z.string().nullable(),
    targetDistrict: z.number().int().nullable(),
    level: z.number().int().nullable(),
    audienceLabel: z.string(),
    sentByMe: z.boolean(),
  })
  .meta({ id: 'Broadcast' });
export type BroadcastView = z.infer<typeof broadcastViewSchema>;

/** What the send form offers the viewer: no scope means the form is not shown. */
export const broadcastSendOptionsSchema = z.object({
  scopes: z.array(z.enum(BROADCAST_SCOPES)),
  constituency: constituencySchema.extend({ label: z.string() }).nullable(),
});
export type BroadcastSendOptions = z.infer<typeof broadcastSendOptionsSchema>;

/** GET /api/broadcasts: the viewer's broadcasts, newest first, with the send form's options. */
export const broadcastListSchema = z.object({
  broadcasts: z.array(broadcastViewSchema),
  sendOptions: broadcastSendOptionsSchema,
});
export type BroadcastList = z.infer<typeof broadcastListSchema>;
