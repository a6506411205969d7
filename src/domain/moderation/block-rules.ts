/**
 * What a block means (issue 14, issue 29): every action one person takes towards another, and
 * what a block between the two — whoever blocked whom — does to it. One table, so an action
 * added later has to say where it stands, and the integration test of the server tries every
 * refused action across a block both ways (src/server/features/blocks/blocks.test.ts).
 *
 * - `refused`: answered 403, nothing written (`blocked` to the one who was blocked, who is not
 *   told it is a block; `you_blocked` to the blocker, who is told how to undo it).
 * - `silent`: the answer is the same as for anyone, but nothing reaches the other person: an
 *   invitation by email must not tell a registered address from an unknown one, so it cannot
 *   refuse either.
 * - `allowed`: not addressed to the other person, or not theirs to stop: reports go to the
 *   administrators (you must be able to report whoever blocked you); elections are never touched
 *   (joins, votes, a Delegate's broadcast to the constituents); answering a caucus or team
 *   challenge invitation joins a group, not the inviter; the group chats fold a blocked author's
 *   lines per reader instead.
 */
export const BLOCK_RULES = {
  brownie: 'refused',
  friend_request: 'refused',
  friend_request_acceptance: 'refused',
  private_message: 'refused',
  challenge_invitation: 'refused',
  debate_invitation: 'refused',
  debate_response: 'refused',
  debate_rebuttal: 'refused',
  debate_defense: 'refused',
  caucus_voter_invitation: 'refused',
  caucus_organizer_invitation: 'refused',
  caucus_invitation_by_email: 'silent',
  report: 'allowed',
  caucus_join_and_vote: 'allowed',
  // Accepting a caucus or team-challenge invitation joins a group, not the inviter.
  group_invitation_answer: 'allowed',
  broadcast: 'allowed',
  group_chat_line: 'allowed',
  debate_vote: 'allowed',
} as const satisfies Record<string, BlockEffect>;

export type BlockEffect = 'refused' | 'silent' | 'allowed';
export type PersonAction = keyof typeof BLOCK_RULES;

/** The actions a block refuses with a 403. */
export type RefusedAction = { [A in PersonAction]: (typeof BLOCK_RULES)[A] extends 'refused' ? A : never }[PersonAction];
export const REFUSED_ACROSS_A_BLOCK: readonly RefusedAction[] = (Object.keys(BLOCK_RULES) as PersonAction[]).filter((a): a is RefusedAction => BLOCK_RULES[a] === 'refused');

/**
 * The refusal of something `senderId` sends to others, given the blockers of the blocks between
 * them (either way): `you_blocked` when the sender blocked one of them (they may unblock), else
 * `blocked` when one of them blocked the sender, else null.
 */
export function blockRefusal(senderId: string, blockerIds: readonly string[]): 'you_blocked' | 'blocked' | null {
  if (blockerIds.length === 0) return null;
  return blockerIds.includes(senderId) ? 'you_blocked' : 'blocked';
}
