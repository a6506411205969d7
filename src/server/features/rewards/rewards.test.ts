import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { REWARDS, VOUCHER_CODE_PATTERN } from '../../../domain/rewards/reward-catalogue';
import { systemClock } from '../../clock';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema/platform';
import { rewardClaims } from '../../db/schema/points';
import { createUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { awardBadges } from '../points/awards.service';
import { getRewards } from './rewards.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

type Json = Record<string, unknown>;
interface Overview {
  verified: boolean;
  rewards: Array<{ key: string; state: string; claimedAt: string | null; prize: string }>;
}
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; title?: string } }).error;

async function member(options: { verified?: boolean; badges?: string[] } = {}) {
  const user = await createUser(database.db, { verified: options.verified ?? true });
  if (options.badges?.length) await awardBadges(database.db, user.id, options.badges, new Date());
  return { ...user, cookie: await t.signIn(user.email, user.password) };
}

const overview = async (cookie: string) => (await (await t.request('/api/rewards', { cookie })).json()) as Overview;
const stateOf = async (cookie: string, key: string) => (await overview(cookie)).rewards.find((r) => r.key === key)?.state;
const claim = (cookie: string | undefined, key: string) => t.request(`/api/rewards/${key}/claim`, { method: 'POST', cookie });
const claimsOf = (userId: string) => database.db.select().from(rewardClaims).where(eq(rewardClaims.userId, userId));
const mailTo = (email: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

describe('GET /api/rewards: every reward with its state for the viewer', () => {
  it('an unverified newcomer: the Welcome Voucher is earned but unverified, the badge rewards are not earned', async () => {
    const user = await member({ verified: false });
    const res = await t.request('/api/rewards', { cookie: user.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Overview & Json;
    expect(body).toMatchObject({ verified: false, email: user.email, sparks: 0, banners: 0 });
    expect(body.rewards.map((r) => [r.key, r.state])).toEqual(REWARDS.map((r) => [r.key, r.key === 'welcome_voucher' ? 'earned_unverified' : 'not_earned']));
    expect(body.rewards[1]).toMatchObject({ key: 'friend_badge', title: 'Friend', badgeName: 'Friend', prize: '$100 Restaurant Voucher', requirement: { kind: 'sparks', count: 1 } });
  });

  it.each([
    [{ verified: false, badges: ['Friend'] }, 'friend_badge', 'earned_unverified'],
    [{ verified: true, badges: ['Friend'] }, 'friend_badge', 'claimable'],
    [{ verified: true, badges: ['Friend'] }, 'believer_badge', 'not_earned'],
    [{ verified: true, badges: [] }, 'welcome_voucher', 'claimable'],
    [{ verified: true, badges: ['Lieutenant', 'Captain'] }, 'captain_badge', 'claimable'],
    [{ verified: true, badges: ['Champion'] }, 'champion_badge', 'claimable'],
  ])('%j: %s is %s', async (options, key, state) => {
    const user = await member(options);
    expect(await stateOf(user.cookie, key)).toBe(state);
  });

  it('a visitor is refused', async () => {
    const res = await t.request('/api/rewards');
    expect([res.status, (await errorOf(res)).message]).toEqual([401, 'You must be logged in to claim a reward.']);
  });

  it('reads the page in one query, however many badges and claims the user has', async () => {
    const light = await member();
    const heavy = await member({ badges: ['Friend', 'Believer', 'Lieutenant', 'Captain', 'Hugger'] });
    await claim(heavy.cookie, 'welcome_voucher');
    await claim(heavy.cookie, 'friend_badge');
    const spy = vi.spyOn(database.pool, 'query');
    try {
      await getRewards({ db: database.db }, light.id);
      const forLight = spy.mock.calls.length;
      const heavyOverview = await getRewards({ db: database.db }, heavy.id);
      expect(forLight).toBe(1);
      expect(spy.mock.calls.length - forLight).toBe(1);
      expect(heavyOverview.rewards.filter((r) => r.state === 'claimed').map((r) => r.key)).toEqual(['welcome_voucher', 'friend_badge']);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('POST /api/rewards/:key/claim', () => {
  it('a verified member with the Friend badge claims the $100 restaurant voucher: a processed claim and the certificate by email', async () => {
    const user = await member({ badges: ['Friend'] });
    const res = await claim(user.cookie, 'friend_badge');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ key: 'friend_badge', state: 'claimed', title: 'Reward Claimed!', message: 'Your reward certificate has been sent to your email.' });

    const [row, ...others] = await claimsOf(user.id);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ rewardType: 'friend_badge', status: 'processed' });
    expect(row!.processedAt).toBeInstanceOf(Date);
    expect(row!.voucherCode).toMatch(VOUCHER_CODE_PATTERN);

    const mails = await mailTo(user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Your reward certificate: $100 Restaurant Voucher');
    for (const body of [mail.textBody, mail.htmlBody]) {
      expect(body).toContain(row!.voucherCode);
      expect(body).toContain('Friend reward');
      expect(body).toContain('reply to this email with your voucher code');
      expect(body).toContain('rewards may incur taxes and processing fees');
    }
    expect(mail.textBody).toContain('http://localhost:3000/rewards');

    const after = (await overview(user.cookie)).rewards.find((r) => r.key === 'friend_badge');
    expect(after).toMatchObject({ state: 'claimed', claimedAt: row!.processedAt!.toISOString() });
  });

  it('the Welcome Voucher needs no badge, only verification', async () => {
    const user = await member();
    expect((await claim(user.cookie, 'welcome_voucher')).status).toBe(200);
    expect(await stateOf(user.cookie, 'welcome_voucher')).toBe('claimed');
    expect((await mailTo(user.email))[0]!.subject).toBe('Your reward certificate: $100 Hotel Savings Card');
  });

  it('a second claim is refused with Already Claimed and changes nothing', async () => {
    const user = await member({ badges: ['Friend'] });
    expect((await claim(user.cookie, 'friend_badge')).status).toBe(200);
    const [before] = await claimsOf(user.id);
    const again = await claim(user.cookie, 'friend_badge');
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({ code: 'already_claimed', message: 'You have already claimed this reward.', title: 'Already Claimed' });
    expect(await claimsOf(user.id)).toEqual([before]);
    expect(await mailTo(user.email)).toHaveLength(1);
  });

  it('50 concurrent claims of one reward give one claim and one email', async () => {
    const user = await member({ badges: ['Friend'] });
    const answers = await Promise.all(Array.from({ length: 50 }, () => claim(user.cookie, 'friend_badge')));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await claimsOf(user.id)).toHaveLength(1);
    expect(await mailTo(user.email)).toHaveLength(1);
  });

  it('each claim gets its own voucher code', async () => {
    const a = await member({ badges: ['Friend'] });
    const b = await member({ badges: ['Friend'] });
    await Promise.all([claim(a.cookie, 'welcome_voucher'), claim(a.cookie, 'friend_badge'), claim(b.cookie, 'welcome_voucher'), claim(b.cookie, 'friend_badge')]);
    const codes = [...(await claimsOf(a.id)), ...(await claimsOf(b.id))].map((c) => c.voucherCode);
    expect(codes).toHaveLength(4);
    expect(new Set(codes).size).toBe(4);
  });

  describe('refusals change nothing', () => {
    it.each([
      ['an unearned badge reward', { verified: true, badges: [] }, 'friend_badge', 403, 'not_earned', 'You have not earned this reward yet.'],
      ['a higher badge than the one held', { verified: true, badges: ['Friend'] }, 'believer_badge', 403, 'not_earned', 'You have not earned this reward yet.'],
      ['an unverified member with the badge', { verified: false, badges: ['Friend'] }, 'friend_badge', 403, 'unverified', 'Verify your account to claim this reward.'],
      ['an unverified member, Welcome Voucher', { verified: false, badges: [] }, 'welcome_voucher', 403, 'unverified', 'Verify your account to claim this reward.'],
      ['an unknown key', { verified: true, badges: ['Friend'] }, 'hugger_badge', 404, 'not_found', 'Reward Not Found'],
      ['a malformed key', { verified: true, badges: ['Friend'] }, 'Friend%20Badge', 404, 'not_found', 'Reward Not Found'],
    ])('%s', async (_what, options, key, status, code, message) => {
      const user = await member(options);
      const res = await claim(user.cookie, key);
      expect(res.status).toBe(status);
      expect(await errorOf(res)).toMatchObject({ code, message });
      expect(await claimsOf(user.id)).toHaveLength(0);
      expect(await mailTo(user.email)).toHaveLength(0);
    });

    it('a visitor, and a request from another origin', async () => {
      const visitor = await claim(undefined, 'welcome_voucher');
      expect([visitor.status, (await errorOf(visitor)).message]).toEqual([401, 'You must be logged in to claim a reward.']);
      const user = await member();
      const foreign = await t.app.request('/api/rewards/welcome_voucher/claim', { method: 'POST', headers: { cookie: user.cookie, origin: 'https://evil.example' } });
      expect(foreign.status).toBe(403);
      expect(await claimsOf(user.id)).toHaveLength(0);
      expect(await database.db.$count(mailOutbox, and(eq(mailOutbox.toAddress, user.email)))).toBe(0);
    });
  });

  it('a claim and its mail are one transaction: if the mail cannot be written, no claim remains', async () => {
    const user = await member();
    const app = createTestApp(database.db, { clock: systemClock });
    const cookie = await app.signIn(user.email, user.password);
    // The outbox refuses the message (as a full disk or a broken constraint would).
    await database.db.execute(
      // A trigger on this test database only, named after the user so other tests are untouched.
      sql.raw(`
        create or replace function refuse_mail_${user.id.replace(/-/g, '')}() returns trigger language plpgsql as $$
        begin if new.to_address = '${user.email}' then raise exception 'outbox unavailable'; end if; return new; end; $$;
        create trigger refuse_mail_${user.id.replace(/-/g, '')} before insert on mail_outbox
        for each row execute function refuse_mail_${user.id.replace(/-/g, '')}();`),
    );
    const res = await app.request('/api/rewards/welcome_voucher/claim', { method: 'POST', cookie });
    expect(res.status).toBe(500);
    expect(await claimsOf(user.id)).toHaveLength(0);
    expect(await stateOf(user.cookie, 'welcome_voucher')).toBe('claimable');
  });
});
