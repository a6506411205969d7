/**
 * The navbar of the spec, in one place. A link is shown only once its route exists
 * (`built`): routes that later work adds are absent until then, never faked.
 */
export interface NavLink {
  to: string;
  label: string;
  built: boolean;
}

const link = (to: string, label: string, built: boolean): NavLink => ({ to, label, built });

export const NAV = {
  rewards: link('/rewards', 'Rewards', true),
  caucuses: [link('/caucus-search', 'Caucus Search', true), link('/create-caucus', 'New Caucus', true), link('/my-caucuses', 'My Caucuses', true)],
  connections: [link('/friends', 'Friends', true), link('/messages', 'Messages', true)],
  engage: [link('/debate', 'Debate', true), link('/challenges', 'Challenges', true)],
  stats: [link('/leaderboards', 'Leaderboards', true), link('/badges', 'Badges', true), link('/the-movement', 'The Movement', true)],
  resources: link('/resources', 'Resources', true),
  profile: link('/profile', 'Profile', true),
} as const;

export const built = (links: readonly NavLink[]) => links.filter((l) => l.built);
