/**
 * The pages described on their own in link previews, read from a request's raw path (still
 * percent-encoded): the SPA's routes /join/{code}, /join-caucus/{code}, /caucus/{id},
 * /profile/{id}, /debate/{id} and /badge/{name}, matched as React Router matches them (any
 * letter case for the fixed part, an optional trailing slash). What cannot name anything (a
 * malformed id or code, bad percent-encoding) is null: the generic preview, no query.
 */
export type PreviewTarget =
  | { kind: 'invitation'; code: string }
  | { kind: 'caucus'; id: string }
  | { kind: 'profile'; id: string }
  | { kind: 'debate'; id: string }
  | { kind: 'badge'; name: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INVITATION_CODE = /^[A-Za-z0-9]{6}$/;
const BADGE_NAME_MAX = 100;
/** A control character or a lone surrogate: no badge is called that. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const NOT_A_NAME = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const decode = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

export function matchPreviewPath(rawPath: string): PreviewTarget | null {
  const match = /^\/([A-Za-z-]+)\/([^/]+)\/?$/.exec(rawPath);
  if (!match) return null;
  const page = match[1]!.toLowerCase();
  const value = decode(match[2]!);
  if (value === null) return null;
  switch (page) {
    case 'join':
    case 'join-caucus':
      return INVITATION_CODE.test(value) ? { kind: 'invitation', code: value.toUpperCase() } : null;
    case 'caucus':
    case 'profile':
    case 'debate':
      return UUID.test(value) ? { kind: page, id: value.toLowerCase() } : null;
    case 'badge':
      return value.trim() && value.length <= BADGE_NAME_MAX && !NOT_A_NAME.test(value) ? { kind: 'badge', name: value.trim() } : null;
    default:
      return null;
  }
}
