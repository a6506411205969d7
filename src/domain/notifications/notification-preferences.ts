import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from './notifications';

/**
 * How each kind of notification reaches a person beyond the app (issue 13): by email, by push
 * on their devices, and — for the low-priority kinds — at once or gathered into a daily or
 * weekly digest mail. In-app notifications are always written. Pure data and functions shared
 * by the server (which delivers) and the settings page (which shows and changes them).
 */

export const NOTIFICATION_CADENCES = ['immediate', 'daily', 'weekly'] as const;
export type NotificationCadence = (typeof NOTIFICATION_CADENCES)[number];

/** How one kind of notification reaches a person: by email, by push, at once or in a digest. */
export const notificationPreferenceSchema = z.object({
  email: z.boolean(),
  push: z.boolean(),
  cadence: z.enum(NOTIFICATION_CADENCES),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** One row of the settings page (GET /api/notification-settings, and the answer of saving one). */
export const notificationSettingViewSchema = notificationPreferenceSchema
  .extend({
    kind: z.enum(NOTIFICATION_KINDS),
    /** Whether a daily or weekly digest may be chosen. */
    digestible: z.boolean(),
  })
  .meta({ id: 'NotificationSetting' });
export type NotificationSettingView = z.infer<typeof notificationSettingViewSchema>;

/** GET /api/notification-settings: every kind, in the settings page's order. */
export const notificationSettingsSchema = z.object({ items: z.array(notificationSettingViewSchema) });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** What an unsubscribe link stops, in words (GET /api/unsubscribe/:token and POST /unsubscribe/:token). */
export const unsubscribeAnswerSchema = z.object({ what: z.string() });
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;

/** The groups of the settings page, in order; every kind is in exactly one. */
export const NOTIFICATION_GROUPS: ReadonlyArray<{ title: string; kinds: readonly NotificationKind[] }> = [
  {
    title: 'Elections',
    kinds: ['caucus_invitation', 'organizer_invitation', 'invitation_reminder', 'caucus_full', 'vote_missing', 'vote_reminder', 'election_split', 'election_finalized', 'elected_delegate'],
  },
  { title: 'Your caucuses', kinds: ['caucus_joined', 'broadcast'] },
  { title: 'People', kinds: ['private_message', 'friend_request', 'friend_accepted'] },
  { title: 'Debates and challenges', kinds: ['debate_reply', 'challenge_invitation', 'challenge_result'] },
  { title: 'Badges and rewards', kinds: ['badge_earned', 'reward_available'] },
  { title: 'Your account', kinds: ['moderation_notice'] },
];

/** What a person can switch, named for the settings page. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  caucus_invitation: 'Invitations to join a caucus',
  organizer_invitation: 'Invitations to co-organize a caucus',
  invitation_reminder: 'Reminders of invitations you have not answered',
  caucus_full: 'Your caucus is full and the vote begins',
  vote_missing: 'Your vote is the one missing',
  vote_reminder: 'Reminders while your vote is missing',
  election_split: 'The election is split',
  election_finalized: 'Your caucus elected its Delegate',
  elected_delegate: 'You were elected Delegate',
  caucus_joined: 'Someone joined a caucus you organize',
  broadcast: 'Broadcasts from your Delegates and administrators',
  private_message: 'Private messages',
  friend_request: 'Friend requests',
  friend_accepted: 'Accepted friend requests',
  debate_reply: 'Replies to your debates',
  challenge_invitation: 'Challenge invitations',
  challenge_result: 'Challenge results',
  badge_earned: 'Badges earned',
  reward_available: 'Rewards available',
  moderation_notice: 'Warnings and decisions of the moderators',
};

/** The same labels in Spanish (issue 15), for mail footers and the unsubscribe page. */
export const SPANISH_NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  caucus_invitation: 'Invitaciones para unirte a una asamblea',
  organizer_invitation: 'Invitaciones para coorganizar una asamblea',
  invitation_reminder: 'Recordatorios de invitaciones que no respondiste',
  caucus_full: 'Tu asamblea está completa y empieza la votación',
  vote_missing: 'Tu voto es el que falta',
  vote_reminder: 'Recordatorios mientras falta tu voto',
  election_split: 'La elección está dividida',
  election_finalized: 'Tu asamblea eligió a su Delegado',
  elected_delegate: 'Te eligieron Delegado',
  caucus_joined: 'Alguien se unió a una asamblea que organizas',
  broadcast: 'Anuncios de tus Delegados y de los administradores',
  private_message: 'Mensajes privados',
  friend_request: 'Solicitudes de amistad',
  friend_accepted: 'Solicitudes de amistad aceptadas',
  debate_reply: 'Respuestas a tus debates',
  challenge_invitation: 'Invitaciones a retos',
  challenge_result: 'Resultados de los retos',
  badge_earned: 'Insignias ganadas',
  reward_available: 'Recompensas disponibles',
  moderation_notice: 'Advertencias y decisiones de los moderadores',
};

/**
 * Kinds that may wait for a digest. The others are about an election or a person waiting for
 * an answer: they always go at once (a digest would let the election stall for a week).
 */
export const DIGESTIBLE_KINDS: ReadonlySet<NotificationKind> = new Set([
  'caucus_joined',
  'friend_accepted',
  'debate_reply',
  'challenge_result',
  'badge_earned',
  'reward_available',
]);

const DEFAULT_CADENCE: Partial<Record<NotificationKind, NotificationCadence>> = {
  caucus_joined: 'daily',
  badge_earned: 'weekly',
  reward_available: 'weekly',
};

/** The preference of a person who never changed it: email and push on; elections at once, badges weekly. */
export function defaultPreference(kind: NotificationKind): NotificationPreference {
  return { email: true, push: true, cadence: DEFAULT_CADENCE[kind] ?? 'immediate' };
}

/** A person's preference for `kind`: their stored choice if any, else the default; never a digest for a kind that may not wait. */
export function effectivePreference(kind: NotificationKind, stored: Partial<NotificationPreference> | undefined): NotificationPreference {
  const merged = { ...defaultPreference(kind), ...stored };
  return DIGESTIBLE_KINDS.has(kind) ? merged : { ...merged, cadence: 'immediate' };
}

/** Every kind with its effective preference, in the settings page's order. */
export function allPreferences(stored: ReadonlyMap<NotificationKind, Partial<NotificationPreference>>): Array<{ kind: NotificationKind } & NotificationPreference> {
  return NOTIFICATION_GROUPS.flatMap((g) => g.kinds).map((kind) => ({ kind, ...effectivePreference(kind, stored.get(kind)) }));
}

/** Sanity for the tests and the settings page: every kind belongs to one group. */
export const GROUPED_KINDS: readonly NotificationKind[] = NOTIFICATION_GROUPS.flatMap((g) => g.kinds);
export const UNGROUPED_KINDS: readonly NotificationKind[] = NOTIFICATION_KINDS.filter((k) => !GROUPED_KINDS.includes(k));
