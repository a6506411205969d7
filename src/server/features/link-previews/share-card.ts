import { createHash } from 'node:crypto';
import { districtLabel, stateName } from '../../../domain/geography/states';

/**
 * The share image of a caucus (decision 020): an SVG of 1200×630, the size link previews show
 * full width (Open Graph, X's summary_large_image), drawn from public data only, that
 * share-images.service.ts turns into a PNG. Pure: the same card always gives the same SVG.
 */

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
/** Bumped when the drawing changes, so that previews made with the old one are fetched again. */
const CARD_DESIGN = 1;

/** What a caucus card shows: what a guest sees on the invitation page, nothing more. */
export interface CaucusCard {
  name: string;
  state: string;
  district: number;
  level: number;
}

/** A short fingerprint of the card's content: the image's ETag and the `?v=` of its address. */
export function caucusCardVersion(card: CaucusCard): string {
  return createHash('sha256')
    .update(JSON.stringify([CARD_DESIGN, card.name, card.state, card.district, card.level]))
    .digest('base64url')
    .slice(0, 16);
}

/** The card's one-line summary: "Level 2 caucus · Ohio · OH-3". */
export const caucusCardDetails = (card: CaucusCard): string =>
  `Level ${card.level} caucus · ${stateName(card.state)} · ${districtLabel(card.state, card.district)}`;

/**
 * Text for an XML text node or attribute: the five special characters escaped, and the
 * characters XML 1.0 cannot hold at all (controls, lone surrogates, U+FFFE/U+FFFF) dropped,
 * since one of them would make the whole SVG unreadable.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    // eslint-disable-next-line no-control-regex -- removing what XML cannot hold is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const graphemes = (text: string): string[] => Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text), (s) => s.segment);

/**
 * Width of bold text in ems, measured on the wide side: DejaVu Sans Bold (the usual fallback
 * for `sans-serif` on Linux) rounded up, and 1 em for anything outside these classes (accented,
 * other scripts, emoji). Narrower fonts only leave more room.
 */
export function boldTextWidthEm(text: string): number {
  let em = 0;
  for (const g of graphemes(text)) {
    if (/^[ijlI.,:;'|!]$/.test(g)) em += 0.4;
    else if (/^[ ftrJ()[\]/"-]$/.test(g)) em += 0.52;
    else if (/^[mwMW@%&]$/.test(g)) em += 1.12;
    else if (/^[A-Z]$/.test(g)) em += 0.86;
    else if (/^[a-z0-9]$/.test(g)) em += 0.73;
    else em += 1;
  }
  return em;
}

const ELLIPSIS = '…';

/** Cuts `text` to fit `maxEm`, at a grapheme, and ends it with an ellipsis. */
function cutToFit(text: string, maxEm: number): string {
  const parts = graphemes(text.trimEnd());
  while (parts.length > 0 && boldTextWidthEm(parts.join('') + ELLIPSIS) > maxEm) parts.pop();
  return parts.join('').trimEnd() + ELLIPSIS;
}

/**
 * Lays `text` out in at most `maxLines` lines of `maxWidth` pixels, at the largest of
 * `fontSizes` (largest first) at which it fits whole; at the smallest size what does not fit
 * ends with an ellipsis. Words wrap at spaces; a word longer than a line is cut where it must.
 */
export function fitText(text: string, options: { maxWidth: number; fontSizes: readonly number[]; maxLines: number }): { fontSize: number; lines: string[] } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const sizes = options.fontSizes;
  for (const [index, fontSize] of sizes.entries()) {
    const maxEm = options.maxWidth / fontSize;
    const lines: string[] = [];
    let overflow = false;
    let line = '';
    const pending = [...words];
    while (pending.length > 0) {
      const word = pending.shift()!;
      const candidate = line ? `${line} ${word}` : word;
      if (boldTextWidthEm(candidate) <= maxEm) {
        line = candidate;
        continue;
      }
      if (line) {
        lines.push(line);
        line = '';
        pending.unshift(word);
      } else {
        // One word wider than the line: as much of it as fits, the rest on the next line.
        const parts = graphemes(word);
        let head = '';
        while (parts.length > 0 && boldTextWidthEm(head + parts[0]!) <= maxEm) head += parts.shift()!;
        if (!head) head = parts.shift()!;
        lines.push(head);
        if (parts.length > 0) pending.unshift(parts.join(''));
      }
      if (lines.length === options.maxLines) {
        overflow = true;
        break;
      }
    }
    if (!overflow && line) lines.push(line);
    if (!overflow && lines.length <= options.maxLines) return { fontSize, lines };
    if (index === sizes.length - 1) {
      const kept = lines.slice(0, options.maxLines);
      kept[kept.length - 1] = cutToFit(kept[kept.length - 1]!, maxEm);
      return { fontSize, lines: kept };
    }
  }
  return { fontSize: sizes[sizes.length - 1]!, lines: [] };
}

const COLORS = {
  background: '#0f1d47',
  panel: '#172c69',
  logo: '#25408f',
  accent: '#f97316',
  text: '#ffffff',
  muted: '#b3c3ea',
  faint: '#8099d6',
} as const;
/** DejaVu Sans where it is installed (the widths above are its), else whatever `sans-serif` is. */
export const CARD_FONT_FAMILY = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';
const FONT = `font-family="${CARD_FONT_FAMILY}"`;
const LEFT = 80;
const TEXT_WIDTH = SHARE_IMAGE_WIDTH - 2 * LEFT;

/** The invitation card of a caucus as SVG: app name, "You're invited", the name, its level and district, "Join this caucus". */
export function caucusCardSvg(card: CaucusCard): string {
  const title = fitText(card.name, { maxWidth: TEXT_WIDTH, fontSizes: [76, 64, 54], maxLines: 2 });
  const lineHeight = Math.round(title.fontSize * 1.18);
  const titleTop = 292;
  const titleLines = title.lines
    .map((line, i) => `<tspan x="${LEFT}" y="${titleTop + i * lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');
  const detailsY = titleTop + (title.lines.length - 1) * lineHeight + 72;
  const details = fitText(caucusCardDetails(card), { maxWidth: TEXT_WIDTH, fontSizes: [34], maxLines: 1 }).lines[0] ?? '';
  const call = 'Join this caucus';
  const callWidth = Math.ceil(boldTextWidthEm(call) * 34) + 2 * 40;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" viewBox="0 0 ${SHARE_IMAGE_WIDTH} ${SHARE_IMAGE_HEIGHT}">`,
    `<rect width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" fill="${COLORS.background}"/>`,
    `<path d="M820 0H1200V630H600Z" fill="${COLORS.panel}"/>`,
    `<rect width="16" height="${SHARE_IMAGE_HEIGHT}" fill="${COLORS.accent}"/>`,
    // The app's mark (favicon.svg) at twice its size.
    `<g transform="translate(${LEFT} 56) scale(2)"><rect width="32" height="32" rx="7" fill="${COLORS.logo}"/><path d="M8 21l5-10 3 6 3-4 5 8z" fill="${COLORS.accent}"/><circle cx="16" cy="8" r="2" fill="${COLORS.text}"/></g>`,
    `<text x="${LEFT + 88}" y="101" ${FONT} font-size="32" font-weight="700" fill="${COLORS.text}">Graduated Unanimous Caucus</text>`,
    `<text x="${LEFT}" y="200" ${FONT} font-size="26" font-weight="700" letter-spacing="3" fill="${COLORS.accent}">YOU’RE INVITED</text>`,
    `<text ${FONT} font-size="${title.fontSize}" font-weight="700" fill="${COLORS.text}">${titleLines}</text>`,
    `<text x="${LEFT}" y="${detailsY}" ${FONT} font-size="34" fill="${COLORS.muted}">${escapeXml(details)}</text>`,
    `<rect x="${LEFT}" y="490" width="${callWidth}" height="76" rx="38" fill="${COLORS.accent}"/>`,
    `<text x="${LEFT + callWidth / 2}" y="540" text-anchor="middle" ${FONT} font-size="34" font-weight="700" fill="${COLORS.background}">${call}</text>`,
    `<text x="${SHARE_IMAGE_WIDTH - LEFT}" y="540" text-anchor="end" ${FONT} font-size="24" fill="${COLORS.faint}">Elect your Delegate, unanimously.</text>`,
    '</svg>',
  ].join('');
}
