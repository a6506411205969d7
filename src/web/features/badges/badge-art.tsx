import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { badgeSlug, findBadge, type BadgeCategory } from '../../../domain/badges/catalogue';
import { cn } from '../../components/ui/class-names';
import type badgesCatalog from '../../locales/en/badges.json';

/**
 * The artwork of every badge, in one style: a ribboned medal whose colours follow the badge's
 * category and whose emblem is the badge's own (spec: the badges with dedicated images). Badges
 * without dedicated artwork get the generic trophy emblem. Inline SVG, no ids (many on a page).
 */

const PALETTES: Record<BadgeCategory, { ribbon: string; rim: string; face: string; emblem: string }> = {
  Recruitment: { ribbon: '#1e3a8a', rim: '#9a3412', face: '#f97316', emblem: '#ffffff' },
  Leadership: { ribbon: '#c2410c', rim: '#0f1d47', face: '#2f4fa8', emblem: '#ffffff' },
  Community: { ribbon: '#be123c', rim: '#78350f', face: '#d97706', emblem: '#ffffff' },
  Challenges: { ribbon: '#1e3a8a', rim: '#881337', face: '#e11d48', emblem: '#ffffff' },
  Special: { ribbon: '#f59e0b', rim: '#4c1d95', face: '#7c3aed', emblem: '#ffffff' },
  Founding: { ribbon: '#1e3a8a', rim: '#854d0e', face: '#facc15', emblem: '#713f12' },
  Premium: { ribbon: '#b91c1c', rim: '#0f1d47', face: '#ca8a04', emblem: '#ffffff' },
};

/** A five-pointed star centred at (cx, cy) with outer radius r. */
function starPath(cx: number, cy: number, r: number): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.42;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(2)} ${(cy + radius * Math.sin(angle)).toFixed(2)}`;
  });
  return `M${points.join(' L')} Z`;
}

const spark = (cx: number, cy: number, r: number) =>
  `M${cx} ${cy - r} L${cx + r * 0.22} ${cy - r * 0.22} L${cx + r} ${cy} L${cx + r * 0.22} ${cy + r * 0.22} L${cx} ${cy + r} L${cx - r * 0.22} ${cy + r * 0.22} L${cx - r} ${cy} L${cx - r * 0.22} ${cy - r * 0.22} Z`;

const heart = (cx: number, cy: number, s: number) =>
  `M${cx} ${cy + 9 * s} C${cx - 14 * s} ${cy} ${cx - 10 * s} ${cy - 10 * s} ${cx} ${cy - 4 * s} C${cx + 10 * s} ${cy - 10 * s} ${cx + 14 * s} ${cy} ${cx} ${cy + 9 * s} Z`;

function Label({ children, y, size = 9, fill }: { children: ReactNode; y: number; size?: number; fill: string }) {
  return (
    <text x="32" y={y} textAnchor="middle" fontSize={size} fontWeight="800" fill={fill} fontFamily="Inter, ui-sans-serif, system-ui, sans-serif">
      {children}
    </text>
  );
}

/** The emblem of a badge, drawn around the medal's centre (32, 38), in `ink` on `face`. */
function emblem(name: string, ink: string, face: string): ReactNode {
  switch (name) {
    case 'Friend':
      return <path d={spark(32, 38, 13)} fill={ink} />;
    case 'Believer':
      return <path d="M32 23 C38 30 42 34 42 41 A10 10 0 0 1 22 41 C22 35 26 32 28 27 C29 32 31 34 33 34 C34 30 33 27 32 23 Z" fill={ink} />;
    case 'Evangelist':
      return (
        <g fill={ink}>
          <path d="M20 34 h6 l14 -8 v24 l-14 -8 h-6 z" />
          <path d="M23 42 l2 8 h4 l-2 -8 z" />
          <path d="M43 32 l4 -3 M43 38 h5 M43 44 l4 3" stroke={ink} strokeWidth="2" strokeLinecap="round" />
        </g>
      );
    case 'Avatar':
      return (
        <g fill={ink} stroke={ink} strokeWidth="2.5" strokeLinecap="round">
          <circle cx="32" cy="38" r="6" stroke="none" />
          {Array.from({ length: 8 }, (_, i) => {
            const a = (Math.PI / 4) * i;
            return <line key={i} x1={32 + 9 * Math.cos(a)} y1={38 + 9 * Math.sin(a)} x2={32 + 14 * Math.cos(a)} y2={38 + 14 * Math.sin(a)} />;
          })}
        </g>
      );
    case 'Captain':
      return (
        <g fill={ink}>
          <rect x="22" y="25" width="7" height="26" rx="1.5" />
          <rect x="35" y="25" width="7" height="26" rx="1.5" />
        </g>
      );
    case 'Colonel':
      return (
        <g fill={ink}>
          <path d="M16 33 L32 42 L48 33 L46 40 L32 50 L18 40 Z" />
          <path d="M19 28 L32 36 L45 28 L44 32 L32 40 L20 32 Z" opacity="0.8" />
          <circle cx="32" cy="28" r="4" />
        </g>
      );
    case 'General':
      return <path d={starPath(32, 39, 14)} fill={ink} />;
    case 'Marshal':
      return (
        <g fill={ink}>
          {Array.from({ length: 5 }, (_, i) => {
            const a = (2 * Math.PI * i) / 5 - Math.PI / 2;
            return <path key={i} d={starPath(32 + 10 * Math.cos(a), 39 + 10 * Math.sin(a), 5.5)} />;
          })}
        </g>
      );
    case 'Delegate - Level 2':
    case 'Delegate - Level 3':
    case 'Delegate - Level 4':
    case 'Delegate - Level 5':
      return (
        <g>
          <rect x="26" y="22" width="12" height="14" rx="1" fill={ink} transform="rotate(-8 32 29)" />
          <rect x="19" y="32" width="26" height="18" rx="2.5" fill={ink} />
          <rect x="25" y="31" width="14" height="3" rx="1.5" fill={face} />
          <Label y={47} size={11} fill={face}>
            {name.slice(-1)}
          </Label>
        </g>
      );
    case 'Candidate':
      return (
        <g fill={ink}>
          <path d="M32 21 v4" stroke={ink} strokeWidth="2" />
          <path d="M22 35 a10 9 0 0 1 20 0 z" />
          <rect x="20" y="36" width="24" height="3" />
          {[22, 27, 32, 37, 42].map((x) => (
            <rect key={x} x={x - 1.2} y="40" width="2.4" height="8" />
          ))}
          <rect x="18" y="48" width="28" height="3" />
        </g>
      );
    case 'Champion':
      // A laurel wreath (leaves along two arcs, tangent to them) around a star.
      return (
        <g fill={ink}>
          {[115, 145, 175, 205, 235, 65, 35, 5, -25, -55].map((deg) => {
            const a = (deg * Math.PI) / 180;
            const x = 32 + 14 * Math.cos(a);
            const y = 39 + 14 * Math.sin(a);
            return <ellipse key={deg} cx={x} cy={y} rx="2.3" ry="4.6" transform={`rotate(${deg} ${x} ${y})`} />;
          })}
          <path d={starPath(32, 39, 8.5)} />
        </g>
      );
    case 'Hugger':
      return <path d={heart(32, 38, 1.25)} fill={ink} />;
    case 'Life of the Party':
      return (
        <g fill={ink}>
          <ellipse cx="29" cy="34" rx="8" ry="10" />
          <path d="M27.5 44 l1.5 2 l1.5 -2 z" />
          <path d="M29 46 q3 4 -1 8" stroke={ink} strokeWidth="1.5" fill="none" />
          <rect x="40" y="26" width="3" height="3" transform="rotate(20 41 27)" />
          <rect x="43" y="38" width="3" height="3" transform="rotate(-25 44 39)" />
          <circle cx="41" cy="47" r="1.8" />
          <circle cx="20" cy="24" r="1.5" />
        </g>
      );
    case "Everyone's Favorite":
      return (
        <g fill={ink}>
          <path d={heart(32, 41, 1.05)} />
          <path d={starPath(32, 24, 5)} />
          <path d={starPath(21, 28, 3.5)} />
          <path d={starPath(43, 28, 3.5)} />
        </g>
      );
    case 'OG 100':
    case 'OG 1K':
    case 'OG 10K':
      return (
        <g>
          <Label y={36} size={12} fill={ink}>
            OG
          </Label>
          <rect x="17" y="39" width="30" height="10" rx="2" fill={ink} />
          <Label y={47} size={8} fill={face}>
            {name.slice(3)}
          </Label>
        </g>
      );
    case 'Pioneer 100':
    case 'Pioneer 1K':
      return (
        <g>
          <rect x="22" y="22" width="2.5" height="28" rx="1" fill={ink} />
          <path d="M24.5 23 h18 l-4 5.5 l4 5.5 h-18 z" fill={ink} />
          <Label y={49} size={8} fill={ink}>
            {name.slice(8)}
          </Label>
        </g>
      );
    case 'George Washington':
      return (
        <g fill={ink}>
          <path d="M15 40 Q32 19 49 40 Q41 35 32 37 Q23 35 15 40 Z" />
          <path d="M20 42 Q32 38 44 42" stroke={ink} strokeWidth="2" fill="none" />
          <path d={starPath(32, 47, 3.5)} />
          <path d={starPath(24, 48, 2.5)} />
          <path d={starPath(40, 48, 2.5)} />
        </g>
      );
    default:
      return trophy(ink);
  }
}

function trophy(ink: string): ReactNode {
  return (
    <g fill={ink}>
      <path d="M24 24 h16 v7 a8 8 0 0 1 -16 0 z" />
      <path d="M24 26 h-4 a4 4 0 0 0 4 7 M40 26 h4 a4 4 0 0 1 -4 7" stroke={ink} strokeWidth="2" fill="none" />
      <rect x="30.5" y="38" width="3" height="6" />
      <rect x="25" y="44" width="14" height="4" rx="1" />
    </g>
  );
}

/** A catalogue badge's key in the `badges` namespace: "Delegate - Level 2" → "delegateLevel2". */
type CatalogueKey = keyof (typeof badgesCatalog)['catalogue'];

function catalogueKey(name: string): CatalogueKey | undefined {
  const badge = findBadge(name);
  return badge ? (badgeSlug(badge.name).replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase()) as CatalogueKey) : undefined;
}

/**
 * What the UI shows of a badge, in the page's language: catalogue badges are translated by
 * their stable (English) name; a name the catalogue does not know is shown as given.
 */
export function useBadgeText() {
  const { t } = useTranslation('badges');
  const text = (name: string, part: 'name' | 'description' | 'criteria', fallback: string) => {
    const key = catalogueKey(name);
    return key ? t(`catalogue.${key}.${part}`) : fallback;
  };
  return {
    name: (name: string) => text(name, 'name', name),
    description: (badge: { name: string; description: string }) => text(badge.name, 'description', badge.description),
    criteria: (badge: { name: string; criteria: string }) => text(badge.name, 'criteria', badge.criteria),
    category: (category: BadgeCategory) => t(`categories.${lowerCategory(category)}.name`),
  };
}

export const lowerCategory = (category: BadgeCategory) => category.toLowerCase() as Lowercase<BadgeCategory>;

export interface BadgeArtProps {
  name: string;
  /** Defaults to the catalogue's category of `name` (Special for unknown names). */
  category?: BadgeCategory;
  /** Pixel size of the square; the SVG scales. */
  size?: number;
  /** Greyed out: not earned (yet). */
  muted?: boolean;
  /** The accessible name; by default "{name} badge" (the name translated). */
  label?: string;
  className?: string;
}

/** One badge's artwork, with an accessible name. */
export function BadgeArt({ name, category, size = 64, muted = false, label, className }: BadgeArtProps) {
  const { t } = useTranslation('badges');
  const text = useBadgeText();
  const badge = findBadge(name);
  const palette = PALETTES[category ?? badge?.category ?? 'Special'];
  const art = badge?.hasArtwork ? emblem(badge.name, palette.emblem, palette.face) : trophy(palette.emblem);
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role="img"
      aria-label={label ?? t('art.label', { name: text.name(name) })}
      className={cn('shrink-0', muted && 'opacity-60 grayscale', className)}
    >
      <path d="M20 0 h9 l6 16 h-9 z" fill={palette.ribbon} />
      <path d="M44 0 h-9 l-6 16 h9 z" fill={palette.ribbon} opacity="0.85" />
      <circle cx="32" cy="38" r="25" fill={palette.rim} />
      <circle cx="32" cy="38" r="21" fill={palette.face} />
      <circle cx="32" cy="38" r="21" fill="none" stroke="#ffffff" strokeOpacity="0.35" strokeWidth="1" strokeDasharray="2 2.4" />
      <path d="M15 30 a19 19 0 0 1 26 -11" stroke="#ffffff" strokeOpacity="0.35" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      {art}
    </svg>
  );
}
