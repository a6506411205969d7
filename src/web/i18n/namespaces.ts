/**
 * The translation catalogs' namespaces: `common` for the layout and shared components, then one
 * per feature folder of src/web/features (and `caucus-detail` for features/caucuses/caucus-detail).
 * Each has src/web/locales/en/<name>.json and src/web/locales/es/<name>.json.
 */
export const NAMESPACES = [
  'common',
  'api-tokens',
  'account-security',
  'account-password',
  'account-email',
  'account-devices',
  'passkeys',
  'two-step',
  'auth',
  'badges',
  'brownies',
  'caucuses',
  'caucus-detail',
  'challenges',
  'debates',
  'friends',
  'invitations',
  'leaderboards',
  'messages',
  'moderation',
  'movement',
  'notifications',
  'premium-badges',
  'profiles',
  'public',
  'push',
  'rewards',
  'session',
  'system',
  'todo',
  'verification',
] as const;

export type Namespace = (typeof NAMESPACES)[number];
