/**
 * The badge catalogue: every badge of the spec and PRODUCT-RULES.md, with its category,
 * the metric it counts and its threshold. Pure data shared by client and server; the
 * database is seeded from the same list (see the badge seed migration and its test).
 */
export const BADGE_CATEGORIES = [
  'Recruitment',
  'Leadership',
  'Community',
  'Challenges',
  'Special',
  'Founding',
  'Premium',
] as const;
export type BadgeCategory = (typeof BADGE_CATEGORIES)[number];

/** What a badge counts. */
export const BADGE_METRICS = [
  'sparks',
  'banners',
  'brownies_in_a_day',
  'debate_contributions',
  'challenge_wins',
  'pioneer',
  'founding_member',
  'delegate_level',
  'candidate',
  'champion',
  'premium',
] as const;
export type BadgeMetric = (typeof BADGE_METRICS)[number];

export interface BadgeDefinition {
  name: string;
  category: BadgeCategory;
  metric: BadgeMetric;
  /** Count that earns the badge (level for delegate badges; rank for OG and Pioneer). */
  threshold: number | null;
  description: string;
  criteria: string;
  /** Whether the project ships dedicated artwork for it. */
  hasArtwork: boolean;
}

const b = (
  name: string,
  category: BadgeCategory,
  metric: BadgeMetric,
  threshold: number | null,
  description: string,
  criteria: string,
  hasArtwork = true,
): BadgeDefinition => ({ name, category, metric, threshold, description, criteria, hasArtwork });

/** Premium badges are bought (premium_badges holds their price); owning one is a badge too. */
export const PREMIUM_BADGES = [
  {
    name: 'George Washington',
    description: 'A premium badge honouring the first President. Its price supports the movement.',
    priceCents: 500,
  },
] as const;

export const BADGES: readonly BadgeDefinition[] = [
  b('Friend', 'Recruitment', 'sparks', 1, 'Recruited your first fellow voter.', 'Earn 1 Spark'),
  b('Believer', 'Recruitment', 'sparks', 10, 'Brought ten voters into the movement.', 'Earn 10 Sparks'),
  b('Evangelist', 'Recruitment', 'sparks', 100, 'A hundred voters joined because of you.', 'Earn 100 Sparks'),
  b('Avatar', 'Recruitment', 'sparks', 1000, 'A thousand voters joined because of you.', 'Earn 1,000 Sparks'),
  b('Lieutenant', 'Leadership', 'banners', 1, 'Guided a caucus to elect its Delegate.', 'Earn 1 Banner', false),
  b('Captain', 'Leadership', 'banners', 5, 'Guided five caucuses to elect their Delegates.', 'Earn 5 Banners'),
  b('Colonel', 'Leadership', 'banners', 15, 'Guided fifteen caucuses to elect their Delegates.', 'Earn 15 Banners'),
  b('General', 'Leadership', 'banners', 45, 'Guided forty-five caucuses to elect their Delegates.', 'Earn 45 Banners'),
  b('Marshal', 'Leadership', 'banners', 150, 'Guided a hundred and fifty caucuses to elect their Delegates.', 'Earn 150 Banners'),
  b('Delegate - Level 2', 'Leadership', 'delegate_level', 2, 'Elected by a level 1 caucus to represent it at level 2.', 'Be elected Delegate of a level 1 caucus'),
  b('Delegate - Level 3', 'Leadership', 'delegate_level', 3, 'Elected by a level 2 caucus to represent it at level 3.', 'Be elected Delegate of a level 2 caucus'),
  b('Delegate - Level 4', 'Leadership', 'delegate_level', 4, 'Elected by a level 3 caucus to represent it at level 4.', 'Be elected Delegate of a level 3 caucus'),
  b('Delegate - Level 5', 'Leadership', 'delegate_level', 5, 'Elected by a level 4 caucus to represent it at level 5.', 'Be elected Delegate of a level 4 caucus'),
  b('Candidate', 'Leadership', 'candidate', 6, "Elected by the district's level 5 caucus: the district's Candidate.", 'Be elected Delegate of a level 5 caucus'),
  b('Hugger', 'Community', 'brownies_in_a_day', 5, 'Received 5 Brownies in one day.', 'Receive 5 Brownies in one day'),
  b('Life of the Party', 'Community', 'brownies_in_a_day', 10, 'Received 10 Brownies in one day.', 'Receive 10 Brownies in one day'),
  b("Everyone's Favorite", 'Community', 'brownies_in_a_day', 30, 'Received 30 Brownies in one day.', 'Receive 30 Brownies in one day'),
  b('Chatterbox', 'Community', 'debate_contributions', 5, 'Submitted 5 debate contributions.', 'Submit 5 responses, rebuttals or defenses', false),
  b('Advocate', 'Community', 'debate_contributions', 25, 'Submitted 25 debate contributions.', 'Submit 25 responses, rebuttals or defenses', false),
  b('Cicero', 'Community', 'debate_contributions', 125, 'Submitted 125 debate contributions.', 'Submit 125 responses, rebuttals or defenses', false),
  b('Warrior', 'Challenges', 'challenge_wins', 1, 'Won a team challenge.', 'Win 1 challenge', false),
  b('Gladiator', 'Challenges', 'challenge_wins', 10, 'Won 10 team challenges.', 'Win 10 challenges', false),
  b('Destroyer', 'Challenges', 'challenge_wins', 50, 'Won 50 team challenges.', 'Win 50 challenges', false),
  b('Conqueror', 'Challenges', 'challenge_wins', 150, 'Won 150 team challenges.', 'Win 150 challenges', false),
  b('Pioneer 100', 'Special', 'pioneer', 100, "Voted in one of the first 100 level 1 caucuses finalized in the district.", 'Be a voting member of one of the first 100 finalized level 1 caucuses of your district'),
  b('Pioneer 1K', 'Special', 'pioneer', 1000, "Voted in one of the first 1,000 level 1 caucuses finalized in the district.", 'Be a voting member of one of the first 1,000 finalized level 1 caucuses of your district'),
  b('Champion', 'Special', 'champion', null, 'Recruited, organised, voted and supported the movement.', '3 Sparks, 1 organised caucus, a vote in a finalized level 1 caucus and 1 premium badge'),
  b('OG 100', 'Founding', 'founding_member', 100, 'One of the first 100 members to confirm their email.', 'Be among the first 100 members (no longer earnable once reached)'),
  b('OG 1K', 'Founding', 'founding_member', 1000, 'One of the first 1,000 members to confirm their email.', 'Be among the first 1,000 members (no longer earnable once reached)'),
  b('OG 10K', 'Founding', 'founding_member', 10000, 'One of the first 10,000 members to confirm their email.', 'Be among the first 10,000 members (no longer earnable once reached)'),
  ...PREMIUM_BADGES.map((p) => b(p.name, 'Premium', 'premium', null, p.description, `Buy the ${p.name} premium badge`)),
];

const byName = new Map(BADGES.map((badge) => [badge.name.toLowerCase(), badge]));

/**
 * The badges of a counted metric that a value has reached (thresholds are the catalogue's):
 * badgesReached('sparks', 12) is Friend and Believer. Only metrics that count something.
 */
export function badgesReached(metric: 'sparks' | 'banners' | 'brownies_in_a_day' | 'debate_contributions' | 'challenge_wins', value: number): string[] {
  return BADGES.filter((badge) => badge.metric === metric && badge.threshold !== null && value >= badge.threshold).map((badge) => badge.name);
}

export function findBadge(name: string): BadgeDefinition | undefined {
  return byName.get(name.toLowerCase());
}

/** A badge by its name or its slug (/badge/{name} accepts either): "og-1k" or "OG 1K". */
export function findBadgeByNameOrSlug(nameOrSlug: string): BadgeDefinition | undefined {
  return findBadge(nameOrSlug) ?? BADGES.find((badge) => badgeSlug(badge.name) === nameOrSlug.toLowerCase());
}

/** URL-safe slug of a badge name, used for artwork files and /badge/{name} links. */
export function badgeSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Price in cents shown as dollars with two decimals: 500 -> "$5.00". */
export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
