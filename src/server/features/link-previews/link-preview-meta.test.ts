import { describe, expect, it } from 'vitest';
import { findBadge } from '../../../domain/badges/catalogue';
import {
  badgePreview,
  caucusPreview,
  clipText,
  debatePreview,
  escapeHtml,
  genericPreview,
  invitationPreview,
  pageHeadHtml,
  profilePreview,
  SITE_DESCRIPTION,
  type PagePreview,
  type PreviewImage,
  type ProfileFacts,
} from './link-preview-meta';
import { caucusCardVersion } from './share-card';

const BASE = 'https://caucus.example.org';
const caucus = { id: '0b5f6f0e-8c1a-4d5e-9f3a-2b7c4d6e8f10', name: 'Maple Street', state: 'OH', district: 3, level: 2 };
const version = caucusCardVersion(caucus);

/** The tags of a head as [attribute value, content] pairs (the test's own tiny reader). */
const tagsOf = (head: string) => [...head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)].map((m) => [m[1], m[2]]);

describe('clipText', () => {
  it.each([
    ['short text', 20, 'short text'],
    ['  spaces\n\nand\tlines  ', 40, 'spaces and lines'],
    ['exactly ten', 11, 'exactly ten'],
    ['one two three four five', 12, 'one two…'],
    ['Supercalifragilistic', 10, 'Supercali…'],
    ['👍🏽👍🏽👍🏽👍🏽', 3, '👍🏽👍🏽…'],
  ])('%j at %i is %j', (text, max, clipped) => {
    expect(clipText(text, max)).toBe(clipped);
  });
});

describe('escapeHtml', () => {
  it.each([
    ['plain', 'plain'],
    ['"><script>alert(1)</script>', '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;'],
    ["Tom & Jerry's", 'Tom &amp; Jerry&#39;s'],
    ['&amp;', '&amp;amp;'],
  ])('%j is %j', (text, escaped) => {
    expect(escapeHtml(text)).toBe(escaped);
  });
});

describe('the preview of each page', () => {
  const profile: ProfileFacts = {
    id: caucus.id,
    name: 'Ada Lovelace',
    tagline: 'Counting every vote',
    state: 'AK',
    district: 1,
    level: 3,
    banners: 1,
    brownies: 0,
    sparks: 12,
    photoUrl: null,
    photoSize: 512,
  };
  const shareImage: PreviewImage = {
    path: `/share/caucus/${caucus.id}.png?v=${version}`,
    type: 'image/png',
    width: 1200,
    height: 630,
    alt: 'Invitation to Maple Street: Level 2 caucus · Ohio · OH-3. Join this caucus.',
  };

  it.each<[string, PagePreview, PagePreview]>([
    ['generic', genericPreview(), { title: null, description: SITE_DESCRIPTION, path: null, type: 'website', image: null }],
    [
      'invitation',
      invitationPreview({ ...caucus, invitationCode: 'AB12CD' }),
      {
        title: 'Invitation to Maple Street',
        description: "You're invited to Maple Street, a level 2 caucus of Ohio (OH-3). Join this caucus and help your district elect its Delegate, unanimously.",
        path: '/join-caucus/AB12CD',
        type: 'website',
        image: shareImage,
      },
    ],
    [
      'caucus',
      caucusPreview(caucus),
      {
        title: 'Maple Street',
        description: 'Maple Street is a level 2 caucus of Ohio (OH-3). Its voters elect their Delegate, unanimously. Sign in to see it and take your seat.',
        path: `/caucus/${caucus.id}`,
        type: 'website',
        image: shareImage,
      },
    ],
    [
      'profile with a tagline, no photo',
      profilePreview(profile),
      {
        title: 'Ada Lovelace Profile',
        description: 'Counting every vote — Level 3 member in Alaska (AK-AL) · 1 Banner · 0 Brownies · 12 Sparks',
        path: `/profile/${caucus.id}`,
        type: 'profile',
        image: null,
      },
    ],
    [
      'profile with a photo, no tagline',
      profilePreview({ ...profile, tagline: ' ', photoUrl: '/api/photos/abc' }),
      {
        title: 'Ada Lovelace Profile',
        description: 'Level 3 member in Alaska (AK-AL) · 1 Banner · 0 Brownies · 12 Sparks',
        path: `/profile/${caucus.id}`,
        type: 'profile',
        image: { path: '/api/photos/abc', type: 'image/webp', width: 512, height: 512, alt: 'Photo of Ada Lovelace' },
      },
    ],
    [
      'debate',
      debatePreview({ id: caucus.id, title: 'Weekly meetings?', prompt: 'Should we\n\nmeet weekly?' }),
      { title: 'Debate: Weekly meetings?', description: 'Should we meet weekly?', path: `/debate/${caucus.id}`, type: 'article', image: null },
    ],
    [
      'badge',
      badgePreview(findBadge("Everyone's Favorite")!),
      {
        title: "Everyone's Favorite",
        description: 'Received 30 Brownies in one day. How to earn it: Receive 30 Brownies in one day.',
        path: '/badge/everyones-favorite',
        type: 'website',
        image: null,
      },
    ],
  ])('%s', (_page, preview, expected) => {
    expect(preview).toEqual(expected);
  });

  it('cuts a long debate prompt to the description length', () => {
    const preview = debatePreview({ id: caucus.id, title: 'T', prompt: 'word '.repeat(100) });
    expect(preview.description.length).toBeLessThanOrEqual(200);
    expect(preview.description.endsWith('word…')).toBe(true);
  });

  it('changes the image address when what the card shows changes', () => {
    expect(caucusPreview({ ...caucus, name: 'Oak Street' }).image!.path).not.toBe(caucusPreview(caucus).image!.path);
  });
});

describe('pageHeadHtml', () => {
  it('writes the generic page: no og:url (a crawler keeps the address it fetched), the small card', () => {
    const head = pageHeadHtml(genericPreview(), BASE);
    expect(head.startsWith('<title>Graduated Unanimous Caucus</title>')).toBe(true);
    expect(tagsOf(head)).toEqual([
      ['description', SITE_DESCRIPTION],
      ['og:site_name', 'Graduated Unanimous Caucus'],
      ['og:type', 'website'],
      ['og:title', 'Graduated Unanimous Caucus'],
      ['og:description', SITE_DESCRIPTION],
      ['twitter:card', 'summary'],
      ['twitter:title', 'Graduated Unanimous Caucus'],
      ['twitter:description', SITE_DESCRIPTION],
    ]);
  });

  it('writes a page with a wide image: absolute addresses, the image size, the large card', () => {
    const head = pageHeadHtml(invitationPreview({ ...caucus, invitationCode: 'AB12CD' }), BASE);
    expect(head.startsWith('<title>Invitation to Maple Street · Graduated Unanimous Caucus</title>')).toBe(true);
    const image = `${BASE}/share/caucus/${caucus.id}.png?v=${version}`;
    const alt = 'Invitation to Maple Street: Level 2 caucus · Ohio · OH-3. Join this caucus.';
    const description = "You&#39;re invited to Maple Street, a level 2 caucus of Ohio (OH-3). Join this caucus and help your district elect its Delegate, unanimously.";
    expect(tagsOf(head)).toEqual([
      ['description', description],
      ['og:site_name', 'Graduated Unanimous Caucus'],
      ['og:type', 'website'],
      ['og:title', 'Invitation to Maple Street'],
      ['og:description', description],
      ['og:url', `${BASE}/join-caucus/AB12CD`],
      ['og:image', image],
      ['og:image:type', 'image/png'],
      ['og:image:width', '1200'],
      ['og:image:height', '630'],
      ['og:image:alt', alt],
      ['twitter:card', 'summary_large_image'],
      ['twitter:title', 'Invitation to Maple Street'],
      ['twitter:description', description],
      ['twitter:image', image],
      ['twitter:image:alt', alt],
    ]);
  });

  it('gives a square image (a profile photo) the small card', () => {
    const head = pageHeadHtml(profilePreview({ id: caucus.id, name: 'A', tagline: '', state: 'OH', district: 3, level: 1, banners: 0, brownies: 0, sparks: 0, photoUrl: '/api/photos/p', photoSize: 512 }), BASE);
    expect(tagsOf(head)).toContainEqual(['twitter:card', 'summary']);
    expect(tagsOf(head)).toContainEqual(['og:image', `${BASE}/api/photos/p`]);
  });

  it('escapes every value, in the title and in each attribute', () => {
    const name = `"><script>alert('x')</script> & Co`;
    const head = pageHeadHtml(caucusPreview({ ...caucus, name }), BASE);
    expect(head).not.toContain('<script>');
    expect(head).not.toMatch(/content="[^"]*"[^ /]/); // no attribute closed early
    expect(head).toContain('<title>&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Co · Graduated Unanimous Caucus</title>');
    expect(tagsOf(head)).toContainEqual(['og:title', '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Co']);
  });
});
