import { z } from 'zod';
import { findBadgeByNameOrSlug } from '../badges/catalogue';
import { badgeNameParamSchema } from '../badges/badge-types';
import { INVITATION_CODE_PATTERN } from '../caucuses/caucus-schemas';
import { isStateCode, isValidDistrict } from '../geography/states';
import { matchRoute } from './route-paths';

/**
 * What the page at a path shows, as far as the path alone says (decision 038): a page
 * (`page`), "Page Not Found" or a page's own not-found (`missing`: no route, or a parameter
 * that cannot name anything), or a page whose answer depends on a row: the server looks it up
 * to answer 200 or 404.
 */
export type PageTarget =
  | { kind: 'page' }
  | { kind: 'missing' }
  | { kind: 'caucus'; id: string }
  | { kind: 'profile'; id: string }
  | { kind: 'debate'; id: string }
  | { kind: 'challenge'; id: string }
  | { kind: 'premium-badge'; id: string }
  | { kind: 'invitation'; code: string }
  | { kind: 'unsubscribe'; token: string };

const PAGE: PageTarget = { kind: 'page' };
const MISSING: PageTarget = { kind: 'missing' };

/** An id as the API's parameters accept it (z.uuid): anything else is its 400 or 404. */
const uuid = z.uuid();
const byId = (kind: 'caucus' | 'profile' | 'debate' | 'challenge' | 'premium-badge', value: string | undefined): PageTarget =>
  uuid.safeParse(value).success ? { kind, id: value!.toLowerCase() } : MISSING;

/** The page at `rawPath` (a URL's path, still percent-encoded), read as the web app's router and pages read it. */
export function pageTarget(rawPath: string): PageTarget {
  const route = matchRoute(rawPath);
  if (!route) return MISSING;
  const { params } = route;
  switch (route.path) {
    case '/the-movement/:state':
      return isStateCode(params.state!.toUpperCase()) ? PAGE : MISSING;
    case '/the-movement/:state/:district': {
      // As the district page reads it: one to three digits, a district the state has.
      const district = params.district!;
      return /^[0-9]{1,3}$/.test(district) && isValidDistrict(params.state!.toUpperCase(), Number(district)) ? PAGE : MISSING;
    }
    case '/profile/:userId':
      return byId('profile', params.userId);
    case '/caucus/:id':
    case '/caucus/:id/record':
      return byId('caucus', params.id);
    case '/debate/:id':
      return byId('debate', params.id);
    case '/challenge/:id':
      return byId('challenge', params.id);
    case '/premium-badge/:id':
      return byId('premium-badge', params.id);
    case '/join-caucus/:invitationCode':
    case '/join/:invitationCode': {
      const code = params.invitationCode!.trim().toUpperCase();
      return INVITATION_CODE_PATTERN.test(code) ? { kind: 'invitation', code } : MISSING;
    }
    case '/badge/:name': {
      const name = badgeNameParamSchema.safeParse({ name: params.name });
      return name.success && findBadgeByNameOrSlug(name.data.name) ? PAGE : MISSING;
    }
    case '/unsubscribe/:token':
      return { kind: 'unsubscribe', token: params.token! };
    default:
      return PAGE;
  }
}
