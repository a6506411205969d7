import { describe, expect, it } from 'vitest';
import { BLOCK_RULES, blockRefusal, REFUSED_ACROSS_A_BLOCK, type BlockEffect, type PersonAction } from './block-rules';

describe('a block refuses every action addressed to the other person', () => {
  it.each<[PersonAction, BlockEffect]>([
    ['brownie', 'refused'],
    ['friend_request', 'refused'],
    ['friend_request_acceptance', 'refused'],
    ['private_message', 'refused'],
    ['challenge_invitation', 'refused'],
    ['debate_invitation', 'refused'],
    ['debate_response', 'refused'],
    ['debate_rebuttal', 'refused'],
    ['debate_defense', 'refused'],
    ['caucus_voter_invitation', 'refused'],
    ['caucus_organizer_invitation', 'refused'],
    // Same answer as for any address: a refusal would tell a registered address from an unknown one.
    ['caucus_invitation_by_email', 'silent'],
    // Administrators read reports; elections, broadcasts and group chats are never refused.
    ['report', 'allowed'],
    ['caucus_join_and_vote', 'allowed'],
    ['group_invitation_answer', 'allowed'],
    ['broadcast', 'allowed'],
    ['group_chat_line', 'allowed'],
    ['debate_vote', 'allowed'],
  ])('%s: %s', (action, effect) => {
    expect(BLOCK_RULES[action]).toBe(effect);
  });

  it('lists every action of the table above, and no other', () => {
    expect(Object.keys(BLOCK_RULES)).toHaveLength(18);
    expect(REFUSED_ACROSS_A_BLOCK).toHaveLength(11);
  });
});

describe('blockRefusal', () => {
  const [me, them, other] = ['me', 'them', 'other'];
  it.each<[string, readonly string[], ReturnType<typeof blockRefusal>]>([
    ['no block either way', [], null],
    ['they blocked me', [them], 'blocked'],
    ['I blocked them', [me], 'you_blocked'],
    // Both ways: the sender's own block is the one they can undo, so it is the one they are told of.
    ['both blocked each other', [them, me], 'you_blocked'],
    ['one of several recipients blocked me', [other], 'blocked'],
  ])('%s', (_, blockers, expected) => {
    expect(blockRefusal(me, blockers)).toBe(expected);
  });
});
