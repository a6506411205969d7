import sharp from 'sharp';
import type { Db } from '../../db/client';
import { findCaucusCard } from './link-previews.service';
import { CARD_FONT_FAMILY, caucusCardSvg, caucusCardVersion, type CaucusCard } from './share-card';

export interface ShareImage {
  png: Buffer;
  /** Changes with what the image shows (and with its design). */
  version: string;
}

/**
 * Rendered PNGs by the content they show, most recently used last, at most `maxEntries`
 * (a card is about 40 KB). A render in flight is shared by every request that wants it.
 */
export interface ShareImageCache {
  get(version: string, render: () => Promise<Buffer>): Promise<Buffer>;
  readonly size: number;
}

export function createShareImageCache(maxEntries = 200): ShareImageCache {
  const entries = new Map<string, Promise<Buffer>>();
  return {
    get(version, render) {
      let png = entries.get(version);
      if (png) {
        entries.delete(version);
        entries.set(version, png);
        return png;
      }
      png = render();
      entries.set(version, png);
      // A failed render is not kept: the next request tries again.
      png.catch(() => {
        if (entries.get(version) === png) entries.delete(version);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return png;
    },
    get size() {
      return entries.size;
    },
  };
}

export interface ShareImageDeps {
  db: Db;
  cache: ShareImageCache;
}

/** The SVG drawn to PNG by sharp (librsvg, with whatever `sans-serif` fontconfig finds). */
export async function renderCaucusCard(card: CaucusCard): Promise<Buffer> {
  return sharp(Buffer.from(caucusCardSvg(card))).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
}

/** The invitation image of a caucus: one query by primary key, a render only for a card not already cached. Null for an unknown id. */
export async function getCaucusShareImage({ db, cache }: ShareImageDeps, caucusId: string): Promise<ShareImage | null> {
  const caucus = await findCaucusCard({ db }, caucusId);
  if (!caucus) return null;
  const card: CaucusCard = { name: caucus.name, state: caucus.state, district: caucus.district, level: caucus.level };
  const version = caucusCardVersion(card);
  return { png: await cache.get(version, () => renderCaucusCard(card)), version };
}

/**
 * Whether this machine draws the cards' text: with no font for `sans-serif` librsvg draws
 * every letter as the same empty box, so ten wide letters come out as wide as ten narrow ones.
 * main.ts warns at start-up when it does not (install any TrueType font, e.g. fonts-dejavu-core).
 */
export async function cardFontsWork(): Promise<boolean> {
  const width = async (text: string) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="60"><text x="0" y="45" font-family="${CARD_FONT_FAMILY}" font-size="40" font-weight="700">${text}</text></svg>`;
    const { info } = await sharp(Buffer.from(svg)).trim().toBuffer({ resolveWithObject: true });
    return info.width;
  };
  const [narrow, wide] = await Promise.all([width('iiiiiiiiii'), width('MMMMMMMMMM')]);
  return wide > 2 * narrow;
}
