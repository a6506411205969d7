import type { BadgeDefinition } from '../../../domain/badges/catalogue';
import { badgeSlug } from '../../../domain/badges/catalogue';
import { districtLabel, stateName } from '../../../domain/geography/states';
import { caucusCardDetails, caucusCardVersion, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, type CaucusCard } from './share-card';

/**
 * What a link preview (a messenger's or social network's card) shows of a page, and the
 * `<head>` tags that say it (decision 020). Pure: built from public data the service read.
 */

export const SITE_NAME = 'Graduated Unanimous Caucus';
export const SITE_DESCRIPTION =
  'Graduated Unanimous Caucus: voters organise in caucuses of ten by congressional district and elect their representatives, level by level.';
/** Descriptions are cut here: previews show about two lines. */
export const DESCRIPTION_MAX = 200;

export interface PreviewImage {
  /** A path of this app (the address is BASE_URL + path). */
  path: string;
  type: 'image/png' | 'image/webp';
  width: number;
  height: number;
  alt: string;
}

export interface PagePreview {
  /** The page's own title, or null for the app's generic page. */
  title: string | null;
  description: string;
  /** The page's canonical path; null leaves `og:url` out, so a crawler keeps the address it fetched. */
  path: string | null;
  type: 'website' | 'profile' | 'article';
  image: PreviewImage | null;
}

/** Every page that is not described on its own (and an unknown id or code of one that is). */
export const genericPreview = (): PagePreview => ({ title: null, description: SITE_DESCRIPTION, path: null, type: 'website', image: null });

const graphemes = (text: string): string[] => Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text), (s) => s.segment);

/** One line of at most `max` characters (graphemes): white space collapsed, cut at a word with an ellipsis. */
export function clipText(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const parts = graphemes(flat);
  if (parts.length <= max) return flat;
  const cut = parts.slice(0, max - 1).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length >= cut.length / 2 ? atWord : cut).trimEnd()}…`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const where = (state: string, district: number) => `${stateName(state)} (${districtLabel(state, district)})`;

/** The share image of a caucus; its `?v=` changes with what it shows, so previews fetch it again. */
export function caucusShareImage(caucus: CaucusCard & { id: string }): PreviewImage {
  return {
    path: `/share/caucus/${caucus.id}.png?v=${caucusCardVersion(caucus)}`,
    type: 'image/png',
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    alt: `Invitation to ${caucus.name}: ${caucusCardDetails(caucus)}. Join this caucus.`,
  };
}

/** /join-caucus/{code} (and /join/{code}): what a guest sees on the invitation page. */
export function invitationPreview(caucus: CaucusCard & { id: string; invitationCode: string }): PagePreview {
  return {
    title: `Invitation to ${caucus.name}`,
    description: clipText(
      `You're invited to ${caucus.name}, a level ${caucus.level} caucus of ${where(caucus.state, caucus.district)}. Join this caucus and help your district elect its Delegate, unanimously.`,
    ),
    path: `/join-caucus/${caucus.invitationCode}`,
    type: 'website',
    image: caucusShareImage(caucus),
  };
}

/** /caucus/{id}: the same public facts as the invitation page (the page itself asks a visitor to sign in). */
export function caucusPreview(caucus: CaucusCard & { id: string }): PagePreview {
  return {
    title: caucus.name,
    description: clipText(
      `${caucus.name} is a level ${caucus.level} caucus of ${where(caucus.state, caucus.district)}. Its voters elect their Delegate, unanimously. Sign in to see it and take your seat.`,
    ),
    path: `/caucus/${caucus.id}`,
    type: 'website',
    image: caucusShareImage(caucus),
  };
}

export interface ProfileFacts {
  id: string;
  name: string;
  tagline: string;
  state: string;
  district: number;
  level: number;
  banners: number;
  brownies: number;
  sparks: number;
  /** The photo's path (`/api/photos/{id}`), square. */
  photoUrl: string | null;
  photoSize: number;
}

/** /profile/{id}: what the profile page shows anyone (never email, bio or verified status). */
export function profilePreview(p: ProfileFacts): PagePreview {
  const facts = `Level ${p.level} member in ${where(p.state, p.district)} · ${plural(p.banners, 'Banner')} · ${plural(p.brownies, 'Brownie')} · ${plural(p.sparks, 'Spark')}`;
  return {
    title: `${p.name} Profile`,
    description: clipText(p.tagline.trim() ? `${p.tagline.trim()} — ${facts}` : facts),
    path: `/profile/${p.id}`,
    type: 'profile',
    image: p.photoUrl ? { path: p.photoUrl, type: 'image/webp', width: p.photoSize, height: p.photoSize, alt: `Photo of ${p.name}` } : null,
  };
}

/** /debate/{id}: its title and prompt, as the debate page shows a visitor. */
export function debatePreview(d: { id: string; title: string; prompt: string }): PagePreview {
  return { title: `Debate: ${d.title}`, description: clipText(d.prompt), path: `/debate/${d.id}`, type: 'article', image: null };
}

/** /badge/{name}: the catalogue's name, description and criteria. */
export function badgePreview(badge: Pick<BadgeDefinition, 'name' | 'description' | 'criteria'>): PagePreview {
  return {
    title: badge.name,
    description: clipText(`${badge.description} How to earn it: ${badge.criteria}.`),
    path: `/badge/${badgeSlug(badge.name)}`,
    type: 'website',
    image: null,
  };
}

/** Text for an HTML attribute value or text node. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * The `<head>` tags of a page: `<title>`, the description, Open Graph and X (Twitter) cards,
 * every value escaped. A wide image gets the large card; a square one (a profile photo) the
 * small card, where it is shown whole.
 */
export function pageHeadHtml(preview: PagePreview, baseUrl: string): string {
  const title = preview.title ?? SITE_NAME;
  const image = preview.image;
  const tags: Array<[kind: 'name' | 'property', key: string, value: string | number]> = [
    ['name', 'description', preview.description],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', preview.type],
    ['property', 'og:title', title],
    ['property', 'og:description', preview.description],
  ];
  if (preview.path) tags.push(['property', 'og:url', `${baseUrl}${preview.path}`]);
  if (image) {
    tags.push(
      ['property', 'og:image', `${baseUrl}${image.path}`],
      ['property', 'og:image:type', image.type],
      ['property', 'og:image:width', image.width],
      ['property', 'og:image:height', image.height],
      ['property', 'og:image:alt', image.alt],
    );
  }
  tags.push(
    ['name', 'twitter:card', image && image.width > image.height ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', preview.description],
  );
  if (image) tags.push(['name', 'twitter:image', `${baseUrl}${image.path}`], ['name', 'twitter:image:alt', image.alt]);
  const documentTitle = preview.title ? `${preview.title} · ${SITE_NAME}` : SITE_NAME;
  return [
    `<title>${escapeHtml(documentTitle)}</title>`,
    ...tags.map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeHtml(String(value))}" />`),
  ].join('\n    ');
}
