// Typed translation keys (issue 15): `t('caucuses:search.title')` with a key the English catalog
// lacks fails `npm run typecheck`; tests/i18n catalog test checks Spanish has the same keys.
import 'i18next';
import type apiTokens from '../locales/en/api-tokens.json';
import type accountSecurity from '../locales/en/account-security.json';
import type accountPassword from '../locales/en/account-password.json';
import type accountEmail from '../locales/en/account-email.json';
import type accountDevices from '../locales/en/account-devices.json';
import type passkeys from '../locales/en/passkeys.json';
import type twoStep from '../locales/en/two-step.json';
import type auth from '../locales/en/auth.json';
import type badges from '../locales/en/badges.json';
import type brownies from '../locales/en/brownies.json';
import type caucusDetail from '../locales/en/caucus-detail.json';
import type caucuses from '../locales/en/caucuses.json';
import type challenges from '../locales/en/challenges.json';
import type common from '../locales/en/common.json';
import type debates from '../locales/en/debates.json';
import type friends from '../locales/en/friends.json';
import type invitations from '../locales/en/invitations.json';
import type leaderboards from '../locales/en/leaderboards.json';
import type messages from '../locales/en/messages.json';
import type moderation from '../locales/en/moderation.json';
import type movement from '../locales/en/movement.json';
import type notifications from '../locales/en/notifications.json';
import type premiumBadges from '../locales/en/premium-badges.json';
import type profiles from '../locales/en/profiles.json';
import type publicPages from '../locales/en/public.json';
import type push from '../locales/en/push.json';
import type rewards from '../locales/en/rewards.json';
import type session from '../locales/en/session.json';
import type system from '../locales/en/system.json';
import type todo from '../locales/en/todo.json';
import type verification from '../locales/en/verification.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    returnNull: false;
    resources: {
      common: typeof common;
      'api-tokens': typeof apiTokens;
      'account-security': typeof accountSecurity;
      'account-password': typeof accountPassword;
      'account-email': typeof accountEmail;
      'account-devices': typeof accountDevices;
      'passkeys': typeof passkeys;
      'two-step': typeof twoStep;
      auth: typeof auth;
      badges: typeof badges;
      brownies: typeof brownies;
      caucuses: typeof caucuses;
      'caucus-detail': typeof caucusDetail;
      challenges: typeof challenges;
      debates: typeof debates;
      friends: typeof friends;
      invitations: typeof invitations;
      leaderboards: typeof leaderboards;
      messages: typeof messages;
      moderation: typeof moderation;
      movement: typeof movement;
      notifications: typeof notifications;
      'premium-badges': typeof premiumBadges;
      profiles: typeof profiles;
      public: typeof publicPages;
      push: typeof push;
      rewards: typeof rewards;
      session: typeof session;
      system: typeof system;
      todo: typeof todo;
      verification: typeof verification;
    };
  }
}
