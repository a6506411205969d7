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
  rewards: link('/rewards', 'Rewards', false),
  caucuses: [link('/caucus-search', 'Caucus Search', true), link('/create-caucus', 'New Caucus', true), link('/my-caucuses', 'My Caucuses', true)],
  connections: [link('/friends', 'Friends', false), link('/messages', 'Messages', false)],
  engage: [link('/debate', 'Debate', false), link('/challenges', 'Challenges', false)],
  stats: [link('/leaderboards', 'Leaderboards', false), link('/badges', 'Badges', false), link('/the-movement', 'The Movement', true)],
  resources: link('/resources', 'Resources', true),
  profile: link('/profile', 'Profile', true),
} as const;

export const built = (links: readonly NavLink[]) => links.filter((l) => l.built);
