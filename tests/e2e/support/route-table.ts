// Every route of the web app and a real address for each (ids made through the factories), for
// the browser tests that visit them all (csp.spec.ts, every-route.spec.ts).
import type { Page } from '@playwright/test';
import { premiumBadges } from '../../../src/server/db/schema/points';
import { createChallengeRow } from '../../../src/server/test/challenge-factories';
import { insertPrivateMessage } from '../../../src/server/features/messages/messages.service';
import { addOrganizer, addVotingMembers, createCaucusRow } from '../../../src/server/test/caucus-factories';
import { addTextResponse, createDebateRow } from '../../../src/server/test/debate-factories';
import { makeFriends } from '../../../src/server/test/social-factories';
import type { Language } from '../../../src/domain/i18n/languages';
import type { RoutePath } from '../../../src/domain/routing/route-paths';
import { words } from './catalogs';
import { expect, runTag } from './caucus-fixtures';
import type { TestUser } from './fixtures';

/** Real ids for the routes with parameters. */
export interface Ids {
  userId: string;
  caucusId: string;
  invitationCode: string;
  debateId: string;
  premiumBadgeId: string;
  challengeId: string;
}

/** Every route of src/web/router.tsx and the address that visits it. */
export const ROUTES: Record<RoutePath, (ids: Ids) => string> = {
  '/': () => '/',
  '/auth': () => '/auth',
  '/home': () => '/home',
  '/welcome': () => '/welcome',
  '/resources': () => '/resources',
  '/the-movement': () => '/the-movement',
  '/the-movement/:state': () => '/the-movement/OH',
  '/the-movement/:state/:district': () => '/the-movement/OH/3',
  '/leaderboards': () => '/leaderboards',
  '/profile': () => '/profile',
  '/profile/:userId': (ids) => `/profile/${ids.userId}`,
  '/caucus-search': () => '/caucus-search',
  '/create-caucus': () => '/create-caucus',
  '/caucus/:id': (ids) => `/caucus/${ids.caucusId}`,
  '/caucus/:id/record': (ids) => `/caucus/${ids.caucusId}/record`,
  '/join-caucus/:invitationCode': (ids) => `/join-caucus/${ids.invitationCode}`,
  '/join/:invitationCode': (ids) => `/join/${ids.invitationCode}`,
  '/my-caucuses': () => '/my-caucuses',
  '/organizing': () => '/organizing',
  '/organizer-invitations': () => '/organizer-invitations',
  '/representation': () => '/representation',
  '/friends': () => '/friends',
  '/messages': () => '/messages',
  '/notifications': () => '/notifications',
  '/notification-settings': () => '/notification-settings',
  '/blocked-people': () => '/blocked-people',
  '/security': () => '/security',
  '/admin/moderation': () => '/admin/moderation',
  '/admin/log': () => '/admin/log',
  '/admin/system': () => '/admin/system',
  '/unsubscribe/:token': () => '/unsubscribe/not-a-valid-link',
  '/email-change/confirm/:token': () => '/email-change/confirm/not-a-valid-link',
  '/email-change/undo/:token': () => '/email-change/undo/not-a-valid-link',
  '/verification': () => '/verification',
  '/badges': () => '/badges',
  '/badge/:name': () => '/badge/friend',
  '/champion': () => '/champion',
  '/rewards': () => '/rewards',
  '/debate': () => '/debate',
  '/debate/:id': (ids) => `/debate/${ids.debateId}`,
  '/premium-badge/:id': (ids) => `/premium-badge/${ids.premiumBadgeId}`,
  '/challenges': () => '/challenges',
  '/challenge': () => '/challenge',
  '/challenge/:id': (ids) => `/challenge/${ids.challengeId}`,
  '/index.html': () => '/index.html',
  '*': () => '/no-such-page-here',
};

/**
 * Waits until the page at `url` has drawn its content: its heading shown, nothing loading
 * (after `interact`, for a page that opens a dialog over itself).
 */
export async function visit(page: Page, url: string, interact?: () => Promise<void>, language: Language = 'en'): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('status', { name: words(language, 'common:nav.loading') })).toHaveCount(0);
  await interact?.();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: words(language, 'common:loading'), exact: true })).toHaveCount(0);
}

export async function makeIds(db: Parameters<typeof createCaucusRow>[0], owner: TestUser, other: TestUser): Promise<Ids> {
  const caucus = await createCaucusRow(db, { name: `Route Caucus ${runTag()}` });
  // Pages with their people and content, as people meet them: members and an organizer on the
  // caucus, a response on the debate, a friend, and a long message with no place to break.
  await addOrganizer(db, caucus.id, owner.id);
  await addVotingMembers(db, caucus, 3);
  const debate = await createDebateRow(db, other.id);
  await addTextResponse(db, debate.id, other.id, 'A response with some words in it, to vote on and to rebut.');
  await makeFriends(db, owner.id, other.id);
  await insertPrivateMessage(db, { senderId: other.id, recipientId: owner.id, message: `https://example.org/${'a-very-long-link-'.repeat(12)}`, at: new Date() });
  const [premium] = await db.select({ id: premiumBadges.id }).from(premiumBadges).limit(1);
  expect(premium, 'a premium badge in the catalogue').toBeTruthy();
  const challenge = await createChallengeRow(db, { creatorId: owner.id, name: `Route Challenge ${runTag()}` });
  return { userId: other.id, caucusId: caucus.id, invitationCode: caucus.invitationCode, debateId: debate.id, premiumBadgeId: premium!.id, challengeId: challenge.id };
}

