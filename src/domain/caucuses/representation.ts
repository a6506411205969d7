import type { RepresentationLink } from './caucus-types';
import { userLevel } from './level';

/**
 * The highest level a member's representation has reached (issue 29: a member whose Delegate
 * sat at Level 2 read "Your representation reaches Level 1"). Each link of the chain
 * (`/api/my/representation`, level 1 upwards) is a caucus that speaks for the member: while its
 * election is open it reaches its own level; once it has elected its Delegate, that Delegate sits
 * one level higher (`userLevel`, the Candidate at 5), whether or not they have joined a caucus
 * there yet. 0 when the member is in no caucus.
 */
export function representationReach(chain: readonly Pick<RepresentationLink, 'level' | 'electionFinalized' | 'delegate'>[]): number {
  let reach = 0;
  for (const link of chain) reach = Math.max(reach, link.electionFinalized && link.delegate ? userLevel(link.level) : link.level);
  return reach;
}
