/**
 * The navbar of the spec, in one place. A link is shown only once its route exists
 * (`built`): routes that later work adds are absent until then, never faked. Organizing joins
 * the Caucuses menu (issue 29): it was reachable only from a tab of /my-caucuses.
 */
export interface NavLink {
  to: string;
  /** Its label's key in the `common` catalog (nav.*). */
  label: NavLabel;
  built: boolean;
}

/** The keys of common.json's `nav` labels. */
export type NavLabel = `nav.${'rewards' | 'caucusSearch' | 'newCaucus' | 'myCaucuses' | 'organizing' | 'friends' | 'messages' | 'debate' | 'challenges' | 'leaderboards' | 'badges' | 'theMovement' | 'resources' | 'profile'}`;

const link = (to: string, label: NavLabel, built: boolean): NavLink => ({ to, label, built });

export const NAV = {
  rewards: link('/rewards', 'nav.rewards', true),
  caucuses: [link('/caucus-search', 'nav.caucusSearch', true), link('/create-caucus', 'nav.newCaucus', true), link('/my-caucuses', 'nav.myCaucuses', true), link('/organizing', 'nav.organizing', true)],
  connections: [link('/friends', 'nav.friends', true), link('/messages', 'nav.messages', true)],
  engage: [link('/debate', 'nav.debate', true), link('/challenges', 'nav.challenges', true)],
  stats: [link('/leaderboards', 'nav.leaderboards', true), link('/badges', 'nav.badges', true), link('/the-movement', 'nav.theMovement', true)],
  resources: link('/resources', 'nav.resources', true),
  profile: link('/profile', 'nav.profile', true),
} as const;

export const built = (links: readonly NavLink[]) => links.filter((l) => l.built);
