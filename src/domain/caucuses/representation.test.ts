import { describe, expect, it } from 'vitest';
import type { RepresentationLink } from './caucus-types';
import { representationReach } from './representation';

const delegate = { id: 'd', name: 'Dana', photoUrl: null, level: 2 };
const open = (level: number) => ({ level, electionFinalized: false, delegate: null });
const elected = (level: number) => ({ level, electionFinalized: true, delegate: { ...delegate, level: Math.min(5, level + 1) } });
type Link = Pick<RepresentationLink, 'level' | 'electionFinalized' | 'delegate'>;

describe('representationReach: the highest level the chain of Delegates has reached', () => {
  it.each<[string, Link[], number]>([
    ['in no caucus', [], 0],
    ['a level-1 caucus still electing', [open(1)], 1],
    ['the level-1 caucus elected its Delegate, who sits at Level 2 and has joined no caucus yet', [elected(1)], 2],
    ['the Delegate sits in a level-2 caucus still electing', [elected(1), open(2)], 2],
    ['the level-2 caucus elected too: its Delegate sits at Level 3', [elected(1), elected(2)], 3],
    ['up to level 4', [elected(1), elected(2), elected(3), elected(4)], 5],
    ['the level-5 caucus elected the Candidate: Level 5, never 6', [elected(1), elected(2), elected(3), elected(4), elected(5)], 5],
    ['a finished election whose Delegate is unknown counts its own level', [{ level: 1, electionFinalized: true, delegate: null }], 1],
    ['order does not matter', [open(2), elected(1)], 2],
  ])('%s → %i', (_, chain, reach) => {
    expect(representationReach(chain)).toBe(reach);
  });
});
