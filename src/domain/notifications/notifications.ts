import { z } from 'zod';
import { badgeSlug } from '../badges/catalogue';
import { BADGE_REWARDS, WELCOME_VOUCHER } from '../rewards/reward-catalogue';
import { SPANISH_BADGE_NAMES, SPANISH_REWARD_WORDS } from '../i18n/catalogue-names-es';
import type { Language } from '../i18n/languages';

/**
 * In-app notifications (issue 13): what happened, to whom it is said, and how it reads. Pure
 * data and functions shared by the server (which stores a kind and its data, and words each
 * notification with `describeNotification`) and the web app (which shows the words).
 */

/** Every kind of notification, with the data it carries (ids and names: never another person's address). */
export interface NotificationData {
  /** You were invited to a caucus as a voting member. */
  caucus_invitation: { caucusId: string; caucusName: string; inviterId: string; inviterName: string };
  /** You were invited to co-organize a caucus. */
  organizer_invitation: { caucusId: string; caucusName: string; inviterId: string; inviterName: string };
  /** People joined a caucus you organize (one unread notification per caucus, counting up). */
  caucus_joined: { caucusId: string; caucusName: string; memberId: string; memberName: string; count: number };
  /** Your caucus has all its voting members: verify (if you have not) and vote. */
  caucus_full: { caucusId: string; caucusName: string };
  /** All members but you voted for the same person: the election waits for your vote. */
  vote_missing: { caucusId: string; caucusName: string; candidateId: string; candidateName: string; agreed: number; required: number };
  /** Your caucus elected its Delegate. */
  election_finalized: { caucusId: string; caucusName: string; delegateId: string; delegateName: string; level: number; /** Said to an organizer: the Banner they earned. */ banner?: boolean };
  /** You were elected Delegate: you now represent the caucus one level up. */
  elected_delegate: { caucusId: string; caucusName: string; level: number };
  /** Someone answered your debate (response), your response (rebuttal) or your rebuttal (defense). */
  debate_reply: { debateId: string; debateTitle: string; authorId: string; authorName: string; reply: 'response' | 'rebuttal' | 'defense' };
  /** A friend invited you to a team challenge. */
  challenge_invitation: { challengeId: string; challengeName: string; inviterId: string; inviterName: string };
  /** You earned a badge (and, for some, a reward with it). */
  badge_earned: { badgeName: string };
  /** Your identity is verified: the Welcome Voucher waits on the Rewards page. */
  reward_available: { rewardTitle: string };
  /** Someone asked to be your friend. */
  friend_request: { fromId: string; fromName: string };
  /** Someone accepted your friend request. */
  friend_accepted: { friendId: string; friendName: string };
  /** Private messages you have not read (one unread notification per conversation, counting up). */
  private_message: { fromId: string; fromName: string; count: number };
  /** A broadcast from your Delegate chain or an administrator. */
  broadcast: { broadcastId: string; senderId: string; senderName: string; preview: string };
  /** A team challenge you took part in has ended. */
  challenge_result: { challengeId: string; challengeName: string; outcome: string };
  /** Every member voted, but not for one person: the election is split until votes change (to every voting member). */
  election_split: { caucusId: string; caucusName: string; candidateId: string; candidateName: string; leading: number; required: number };
  /** A reminder of an invitation you have not answered. */
  invitation_reminder: { caucusId: string; caucusName: string; inviterId: string; inviterName: string; role: 'voting_member' | 'organizer' };
  /** A reminder that your caucus's election waits for your vote. */
  vote_reminder: { caucusId: string; caucusName: string };
  /**
   * The moderators about something of yours (issue 14): a warning, your content hidden (by
   * reports or an administrator), restored or removed, or your account suspended.
   */
  moderation_notice: { action: 'warned' | 'hidden' | 'restored' | 'deleted' | 'suspended'; itemLabel: string | null; reason: string | null; until: string | null };
}

export type NotificationKind = keyof NotificationData;

export const NOTIFICATION_KINDS = [
  'caucus_invitation',
  'organizer_invitation',
  'caucus_joined',
  'caucus_full',
  'vote_missing',
  'election_finalized',
  'elected_delegate',
  'debate_reply',
  'challenge_invitation',
  'badge_earned',
  'reward_available',
  'friend_request',
  'friend_accepted',
  'private_message',
  'broadcast',
  'challenge_result',
  'election_split',
  'invitation_reminder',
  'vote_reminder',
  'moderation_notice',
] as const satisfies readonly NotificationKind[];

/** One notification as the API sends it (GET /api/notifications). */
export const notificationViewSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** Where opening it takes you (a path of the app). */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;

/** A page of notifications, newest first; `nextCursor` asks for the older ones. */
export const notificationPageSchema = z.object({
  items: z.array(notificationViewSchema),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** GET /api/notifications/unread-count: the bell's number. */
export const unreadNotificationCountSchema = z.object({ count: z.number().int() });
export type UnreadNotificationCount = z.infer<typeof unreadNotificationCountSchema>;

/** POST /api/notifications/read-all: how many were unread. */
export const markedAllReadSchema = z.object({ updated: z.number().int() });
export type MarkedAllRead = z.infer<typeof markedAllReadSchema>;

/** POST /api/notifications/:id/read. */
export const markedReadSchema = z.object({ ok: z.literal(true) });
export type MarkedRead = z.infer<typeof markedReadSchema>;

/** The live stream's event when a notification arrives (on GET /api/messages/stream, event `notification`). */
export interface NotificationStreamEvent {
  type: 'notification';
}

export const NOTIFICATION_PAGE_SIZE = 20;

/** How a notification reads: a title, a sentence and the page it opens. */
export interface NotificationWords {
  title: string;
  body: string;
  link: string;
}

const caucusLink = (caucusId: string) => `/caucus/${caucusId}`;
const profileLink = (userId: string) => `/profile/${userId}`;

const WORDS: { [K in NotificationKind]: (data: NotificationData[K]) => NotificationWords } = {
  caucus_invitation: (d) => ({
    title: 'Caucus invitation',
    body: `${d.inviterName} invited you to join ${d.caucusName} as a voting member.`,
    link: '/my-caucuses',
  }),
  organizer_invitation: (d) => ({
    title: 'Co-organizer invitation',
    body: `${d.inviterName} invited you to co-organize ${d.caucusName}.`,
    link: '/organizer-invitations',
  }),
  caucus_joined: (d) => ({
    title: 'New member',
    body: d.count > 1 ? `${d.memberName} and ${d.count - 1} ${d.count === 2 ? 'other' : 'others'} joined ${d.caucusName}.` : `${d.memberName} joined ${d.caucusName}.`,
    link: caucusLink(d.caucusId),
  }),
  caucus_full: (d) => ({
    title: 'Your caucus is full',
    body: `${d.caucusName} has all its voting members. The election waits for your vote: verify your identity if you have not, then vote.`,
    link: caucusLink(d.caucusId),
  }),
  vote_missing: (d) => ({
    title: 'Your vote is missing',
    body: `${d.agreed} of ${d.required} members of ${d.caucusName} voted for ${d.candidateName}; your vote is missing.`,
    link: caucusLink(d.caucusId),
  }),
  election_finalized: (d) => ({
    title: 'Delegate elected',
    body: `${d.caucusName} elected ${d.delegateName} as its Delegate.${d.banner ? ' You earned a Banner for organizing it.' : ''}`,
    link: caucusLink(d.caucusId),
  }),
  elected_delegate: (d) =>
    d.level >= 5
      ? { title: 'You are the Candidate', body: `${d.caucusName} elected you: you are your district's Candidate.`, link: '/representation' }
      : {
          title: 'You are the Delegate',
          body: `${d.caucusName} elected you. You now represent it at level ${d.level + 1}: join or start a level ${d.level + 1} caucus with the other Delegates of your district.`,
          link: '/representation',
        },
  debate_reply: (d) => ({
    title: { response: 'New response', rebuttal: 'New rebuttal', defense: 'New defense' }[d.reply],
    body: {
      response: `${d.authorName} responded to your debate "${d.debateTitle}".`,
      rebuttal: `${d.authorName} rebutted your response in "${d.debateTitle}".`,
      defense: `${d.authorName} defended their response against your rebuttal in "${d.debateTitle}".`,
    }[d.reply],
    link: `/debate/${d.debateId}`,
  }),
  challenge_invitation: (d) => ({
    title: 'Challenge invitation',
    body: `${d.inviterName} invited you to the team challenge "${d.challengeName}".`,
    link: '/challenges',
  }),
  badge_earned: (d) =>
    BADGE_REWARDS.some((r) => r.badgeName === d.badgeName)
      ? { title: 'Badge earned', body: `You earned the ${d.badgeName} badge, and a reward with it: claim it on the Rewards page.`, link: '/rewards' }
      : { title: 'Badge earned', body: `You earned the ${d.badgeName} badge.`, link: `/badge/${badgeSlug(d.badgeName)}` },
  reward_available: (d) => ({
    title: 'Reward available',
    body: `Your ${d.rewardTitle} is ready: claim it on the Rewards page.`,
    link: '/rewards',
  }),
  friend_request: (d) => ({
    title: 'Friend request',
    body: `${d.fromName} wants to be your friend.`,
    link: '/friends',
  }),
  friend_accepted: (d) => ({
    title: 'Friend request accepted',
    body: `${d.friendName} accepted your friend request.`,
    link: profileLink(d.friendId),
  }),
  private_message: (d) => ({
    title: 'New message',
    body: d.count > 1 ? `${d.fromName} sent you ${d.count} messages.` : `${d.fromName} sent you a message.`,
    link: `/messages?with=${d.fromId}`,
  }),
  broadcast: (d) => ({
    title: `Broadcast from ${d.senderName}`,
    body: d.preview,
    link: '/messages',
  }),
  challenge_result: (d) => ({
    title: 'Challenge ended',
    body: `The team challenge "${d.challengeName}" has ended: ${d.outcome}`,
    link: `/challenge/${d.challengeId}`,
  }),
  election_split: (d) => ({
    title: 'The election is split',
    body: `All ${d.required} members of ${d.caucusName} voted, but not for one person (${d.leading} for ${d.candidateName}). A Delegate needs every vote: talk it over in the caucus chat.`,
    link: caucusLink(d.caucusId),
  }),
  invitation_reminder: (d) => ({
    title: 'Invitation waiting',
    body:
      d.role === 'organizer'
        ? `${d.inviterName} is still waiting for your answer to co-organize ${d.caucusName}.`
        : `${d.inviterName} is still waiting for you to join ${d.caucusName}.`,
    link: d.role === 'organizer' ? '/organizer-invitations' : '/my-caucuses',
  }),
  vote_reminder: (d) => ({
    title: 'Your vote is still missing',
    body: `The election of ${d.caucusName} waits for your vote. Verify your identity if you have not, then vote.`,
    link: caucusLink(d.caucusId),
  }),
  moderation_notice: (d) => {
    const item = d.itemLabel ?? 'content';
    const why = d.reason ? `: ${d.reason}` : '.';
    switch (d.action) {
      case 'warned':
        return { title: 'A warning from the moderators', body: `An administrator warned you about your ${item}${why}`, link: '/notifications' };
      case 'hidden':
        return { title: 'Hidden pending review', body: `Your ${item} is hidden pending review${d.reason ? `${why}` : ': several members reported it.'}`, link: '/notifications' };
      case 'restored':
        return { title: 'Visible again', body: `An administrator reviewed your ${item}: it is visible again.`, link: '/notifications' };
      case 'deleted':
        return { title: 'Removed by the moderators', body: `An administrator removed your ${item}${why}`, link: '/notifications' };
      case 'suspended': {
        const until = d.until ? new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(d.until)) : 'further notice';
        return { title: 'Account suspended', body: `Your account is suspended until ${until}${d.reason ? `: ${d.reason}` : ''}. You can still sign in and read.`, link: '/notifications' };
      }
    }
  },
};

/** What a moderation notice calls the thing it is about (REPORT_ITEM_LABELS' English), in Spanish. */
const SPANISH_ITEM_LABELS: Record<string, string> = {
  profile: 'perfil',
  'private message': 'mensaje privado',
  'caucus chat message': 'mensaje del chat de la asamblea',
  'challenge chat message': 'mensaje del chat del reto',
  debate: 'debate',
  'debate response': 'respuesta en un debate',
  'debate rebuttal': 'réplica en un debate',
  'debate defense': 'defensa en un debate',
  caucus: 'asamblea',
  content: 'contenido',
};

/** A challenge's outcome (challengeOutcome's English sentence) in Spanish; unchanged if it does not read as one. */
export function spanishChallengeOutcome(outcome: string): string {
  const match = /^(a tie|your team won|the (blue|orange) team won), (\d+) (Sparks|Banners) \(blue\) to (\d+) \(orange\)\.$/.exec(outcome);
  if (!match) return outcome;
  const [, how, winner, blue, unit, orange] = match;
  const score = `${blue} ${unit === 'Sparks' ? 'Chispas' : 'Estandartes'} (azul) a ${orange} (naranja)`;
  if (how === 'a tie') return `un empate, ${score}.`;
  if (how === 'your team won') return `ganó tu equipo, ${score}.`;
  return `ganó el equipo ${winner === 'blue' ? 'azul' : 'naranja'}, ${score}.`;
}

/** A catalogue badge's Spanish name (a name it does not know, as written). */
const spanishBadge = (name: string) => SPANISH_BADGE_NAMES[name] ?? name;

const SPANISH_REPLY_TITLES = { response: 'Nueva respuesta', rebuttal: 'Nueva réplica', defense: 'Nueva defensa' } as const;

/** The Spanish words of every notification (issue 15); the glossary is docs/glossary-es.md. */
const SPANISH_WORDS: { [K in NotificationKind]: (data: NotificationData[K]) => NotificationWords } = {
  caucus_invitation: (d) => ({
    title: 'Invitación a una asamblea',
    body: `${d.inviterName} te invitó a unirte a ${d.caucusName} como miembro con derecho a voto.`,
    link: '/my-caucuses',
  }),
  organizer_invitation: (d) => ({
    title: 'Invitación para coorganizar',
    body: `${d.inviterName} te invitó a coorganizar ${d.caucusName}.`,
    link: '/organizer-invitations',
  }),
  caucus_joined: (d) => ({
    title: 'Nuevo miembro',
    body: d.count > 1 ? `${d.memberName} y ${d.count - 1} ${d.count === 2 ? 'persona más se unieron' : 'personas más se unieron'} a ${d.caucusName}.` : `${d.memberName} se unió a ${d.caucusName}.`,
    link: caucusLink(d.caucusId),
  }),
  caucus_full: (d) => ({
    title: 'Tu asamblea está completa',
    body: `${d.caucusName} ya tiene todos sus miembros con derecho a voto. La elección espera tu voto: verifica tu identidad si aún no lo hiciste y luego vota.`,
    link: caucusLink(d.caucusId),
  }),
  vote_missing: (d) => ({
    title: 'Falta tu voto',
    body: `${d.agreed} de ${d.required} miembros de ${d.caucusName} votaron por ${d.candidateName}; falta tu voto.`,
    link: caucusLink(d.caucusId),
  }),
  election_finalized: (d) => ({
    title: 'Delegado elegido',
    body: `${d.caucusName} eligió a ${d.delegateName} como su Delegado.${d.banner ? ' Ganaste un Estandarte por organizarla.' : ''}`,
    link: caucusLink(d.caucusId),
  }),
  elected_delegate: (d) =>
    d.level >= 5
      ? { title: 'Eres el Candidato', body: `${d.caucusName} te eligió: eres el Candidato de tu distrito.`, link: '/representation' }
      : {
          title: 'Eres el Delegado',
          body: `${d.caucusName} te eligió. Ahora la representas en el nivel ${d.level + 1}: únete a una asamblea de nivel ${d.level + 1} o crea una con los demás Delegados de tu distrito.`,
          link: '/representation',
        },
  debate_reply: (d) => ({
    title: SPANISH_REPLY_TITLES[d.reply],
    body: {
      response: `${d.authorName} respondió a tu debate "${d.debateTitle}".`,
      rebuttal: `${d.authorName} rebatió tu respuesta en "${d.debateTitle}".`,
      defense: `${d.authorName} defendió su respuesta frente a tu réplica en "${d.debateTitle}".`,
    }[d.reply],
    link: `/debate/${d.debateId}`,
  }),
  challenge_invitation: (d) => ({
    title: 'Invitación a un reto',
    body: `${d.inviterName} te invitó al reto de equipo "${d.challengeName}".`,
    link: '/challenges',
  }),
  badge_earned: (d) =>
    BADGE_REWARDS.some((r) => r.badgeName === d.badgeName)
      ? { title: 'Insignia ganada', body: `Ganaste la insignia ${spanishBadge(d.badgeName)} y una recompensa con ella: reclámala en la página de Recompensas.`, link: '/rewards' }
      : { title: 'Insignia ganada', body: `Ganaste la insignia ${spanishBadge(d.badgeName)}.`, link: `/badge/${badgeSlug(d.badgeName)}` },
  reward_available: (d) => ({
    title: 'Recompensa disponible',
    body: `Tu recompensa ${SPANISH_REWARD_WORDS[d.rewardTitle] ?? d.rewardTitle} está lista: reclámala en la página de Recompensas.`,
    link: '/rewards',
  }),
  friend_request: (d) => ({
    title: 'Solicitud de amistad',
    body: `${d.fromName} quiere ser tu amigo.`,
    link: '/friends',
  }),
  friend_accepted: (d) => ({
    title: 'Solicitud de amistad aceptada',
    body: `${d.friendName} aceptó tu solicitud de amistad.`,
    link: profileLink(d.friendId),
  }),
  private_message: (d) => ({
    title: 'Nuevo mensaje',
    body: d.count > 1 ? `${d.fromName} te envió ${d.count} mensajes.` : `${d.fromName} te envió un mensaje.`,
    link: `/messages?with=${d.fromId}`,
  }),
  broadcast: (d) => ({
    title: `Anuncio de ${d.senderName}`,
    body: d.preview,
    link: '/messages',
  }),
  challenge_result: (d) => ({
    title: 'Reto terminado',
    body: `El reto de equipo "${d.challengeName}" terminó: ${spanishChallengeOutcome(d.outcome)}`,
    link: `/challenge/${d.challengeId}`,
  }),
  election_split: (d) => ({
    title: 'La elección está dividida',
    body: `Los ${d.required} miembros de ${d.caucusName} votaron, pero no por una misma persona (${d.leading} por ${d.candidateName}). Un Delegado necesita todos los votos: conversen en el chat de la asamblea.`,
    link: caucusLink(d.caucusId),
  }),
  invitation_reminder: (d) => ({
    title: 'Invitación pendiente',
    body:
      d.role === 'organizer'
        ? `${d.inviterName} todavía espera tu respuesta para coorganizar ${d.caucusName}.`
        : `${d.inviterName} todavía espera que te unas a ${d.caucusName}.`,
    link: d.role === 'organizer' ? '/organizer-invitations' : '/my-caucuses',
  }),
  vote_reminder: (d) => ({
    title: 'Todavía falta tu voto',
    body: `La elección de ${d.caucusName} espera tu voto. Verifica tu identidad si aún no lo hiciste y luego vota.`,
    link: caucusLink(d.caucusId),
  }),
  moderation_notice: (d) => {
    const item = SPANISH_ITEM_LABELS[d.itemLabel ?? 'content'] ?? d.itemLabel ?? 'contenido';
    const why = d.reason ? `: ${d.reason}` : '.';
    switch (d.action) {
      case 'warned':
        return { title: 'Una advertencia de los moderadores', body: `Un administrador te advirtió sobre tu ${item}${why}`, link: '/notifications' };
      case 'hidden':
        return { title: 'Oculto en espera de revisión', body: `Tu ${item} está oculto en espera de revisión${d.reason ? why : ': varios miembros lo denunciaron.'}`, link: '/notifications' };
      case 'restored':
        return { title: 'Visible de nuevo', body: `Un administrador revisó tu ${item}: vuelve a estar visible.`, link: '/notifications' };
      case 'deleted':
        return { title: 'Eliminado por los moderadores', body: `Un administrador eliminó tu ${item}${why}`, link: '/notifications' };
      case 'suspended': {
        const until = d.until ? `el ${new Intl.DateTimeFormat('es-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(d.until))}` : 'nuevo aviso';
        return { title: 'Cuenta suspendida', body: `Tu cuenta está suspendida hasta ${until}${d.reason ? `: ${d.reason}` : ''}. Todavía puedes iniciar sesión y leer.`, link: '/notifications' };
      }
    }
  },
};

/** The people a notification names: each pair is the field of their id and the field of their name. */
const PEOPLE: { [K in NotificationKind]: Array<[keyof NotificationData[K] & string, keyof NotificationData[K] & string]> } = {
  caucus_invitation: [['inviterId', 'inviterName']],
  organizer_invitation: [['inviterId', 'inviterName']],
  caucus_joined: [['memberId', 'memberName']],
  caucus_full: [],
  vote_missing: [['candidateId', 'candidateName']],
  election_finalized: [['delegateId', 'delegateName']],
  elected_delegate: [],
  debate_reply: [['authorId', 'authorName']],
  challenge_invitation: [['inviterId', 'inviterName']],
  badge_earned: [],
  reward_available: [],
  friend_request: [['fromId', 'fromName']],
  friend_accepted: [['friendId', 'friendName']],
  private_message: [['fromId', 'fromName']],
  broadcast: [['senderId', 'senderName']],
  challenge_result: [],
  election_split: [['candidateId', 'candidateName']],
  invitation_reminder: [['inviterId', 'inviterName']],
  vote_reminder: [],
  moderation_notice: [],
};

/** The ids of the people a notification names. */
export function peopleNamedIn<K extends NotificationKind>(kind: K, data: NotificationData[K]): string[] {
  return PEOPLE[kind].map(([idField]) => String(data[idField]));
}

/**
 * The data with every person whose account is gone (deleted, or hidden as deleted) named
 * `formerName` instead: a notification keeps the name it was written with, and must not keep
 * showing it after that person left.
 */
export function withFormerMembers<K extends NotificationKind>(kind: K, data: NotificationData[K], isPresent: (userId: string) => boolean, formerName: string): NotificationData[K] {
  const next = { ...data };
  for (const [idField, nameField] of PEOPLE[kind]) {
    if (!isPresent(String(data[idField]))) (next as Record<string, unknown>)[nameField] = formerName;
  }
  return next;
}

/** The words of a notification of `kind` with `data`, in `language` (the reader's). */
export function describeNotification<K extends NotificationKind>(kind: K, data: NotificationData[K], language: Language = 'en'): NotificationWords {
  return (language === 'es' ? SPANISH_WORDS : WORDS)[kind](data);
}

/** The reward every member gets once verified (its notification is written with the verification). */
export const VERIFIED_REWARD_TITLE = WELCOME_VOUCHER.title;

export function isNotificationKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}
