import { useQuery } from '@tanstack/react-query';
import { geoAlbersUsa, geoPath } from 'd3-geo';
import { ArrowRight } from 'lucide-react';
import { useMemo, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlasUrl from 'us-atlas/states-10m.json?url';
import { STATES } from '../../../domain/geography/states';
import type { MovementStateSummary } from '../../../domain/movement/movement-answers';
import { cn } from '../../components/ui/class-names';
import { Skeleton } from '../../components/ui/skeleton';
import { SHADE_STEPS, shadeStep, sharePercent } from './map-shading';
import { StateFigures } from './state-figures';

/**
 * The movement's map (issue 18): the states of the Census Bureau's outlines (us-atlas, served
 * by the app as a file of its own, never from a map server) in d3-geo's Albers USA projection
 * (Alaska and Hawaii inset), each shaded by the share of its districts with a finished level-1
 * election. Every state is a link with a name that says its figures; hovering, focusing or
 * tapping one shows them beside the map, a second tap (or a click, or Enter) opens the state.
 */

const WIDTH = 975;
const HEIGHT = 610;

/** Fill of each shade step, lightest to darkest (the dark theme turns the scale round with the palette). */
const SHADE_FILLS = ['fill-slate-100', 'fill-navy-200', 'fill-navy-300', 'fill-navy-500', 'fill-navy-800'] as const;
const SWATCHES = ['bg-slate-100', 'bg-navy-200', 'bg-navy-300', 'bg-navy-500', 'bg-navy-800'] as const;

interface StateShape {
  code: string;
  name: string;
  d: string;
}

interface MapShapes {
  states: StateShape[];
  /** Outlines drawn but not states of the app (the District of Columbia): no link. */
  others: string[];
}

const CODE_BY_NAME = new Map<string, string>(STATES.map((s) => [s.name, s.code]));

/** The atlas turned into SVG paths, alphabetical (the keyboard's order, the table's order). */
export function shapesFrom(topology: Topology): MapShapes {
  const collection = feature(topology, topology.objects.states as GeometryCollection<{ name: string }>);
  const projection = geoAlbersUsa().fitSize([WIDTH, HEIGHT], collection);
  const path = geoPath(projection).digits(1);
  const states: StateShape[] = [];
  const others: string[] = [];
  for (const f of collection.features) {
    const d = path(f);
    if (!d) continue; // outside Albers USA's frame: the territories
    const code = CODE_BY_NAME.get(f.properties.name);
    if (code) states.push({ code, name: f.properties.name, d });
    else others.push(d);
  }
  states.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return { states, others };
}

async function loadShapes(): Promise<MapShapes> {
  const response = await fetch(atlasUrl);
  if (!response.ok) throw new Error(`${response.status}`);
  return shapesFrom((await response.json()) as Topology);
}

export default function MovementMap({ states }: { states: readonly MovementStateSummary[] }) {
  const { t } = useTranslation('movement');
  const navigate = useNavigate();
  const shapes = useQuery({ queryKey: ['movement', 'atlas'], queryFn: loadShapes, staleTime: Infinity, gcTime: Infinity, retry: 1 });
  const byCode = useMemo(() => new Map(states.map((s) => [s.state, s])), [states]);
  const [shown, setShown] = useState<string | null>(null);
  /** The pointer of the gesture under way, and the state shown when it began (a tap's focus shows the state before its click). */
  const gesture = useRef<{ pointerType: string; shownBefore: string | null }>({ pointerType: 'mouse', shownBefore: null });

  const shownState = shown ? byCode.get(shown) : undefined;

  const onPointerDown = (event: PointerEvent<Element>) => {
    gesture.current = { pointerType: event.pointerType, shownBefore: shown };
  };
  const onClick = (event: MouseEvent<Element>, code: string) => {
    // A click asking for a new tab or window is the browser's to follow.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    // A first tap on a touch screen shows the figures; the second opens the state.
    const { pointerType, shownBefore } = gesture.current;
    gesture.current = { pointerType: 'mouse', shownBefore: null };
    if (pointerType === 'touch' && shownBefore !== code) {
      setShown(code);
      return;
    }
    void navigate(`/the-movement/${code}`);
  };

  return (
    <div>
      <div className="relative overflow-hidden rounded-xl border border-slate-200 bg-white p-2">
        {shapes.isPending ? (
          <div role="status" aria-label={t('map.loading')}>
            <Skeleton className="aspect-[975/610] w-full" />
          </div>
        ) : shapes.isError ? (
          <p className="p-6 text-center text-sm text-slate-700" role="alert">
            {t('map.failed')}
          </p>
        ) : (
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full touch-manipulation" role="group" aria-label={t('map.label')}>
            {shapes.data.others.map((d, i) => (
              <path key={i} d={d} className="fill-slate-200 stroke-white" strokeWidth={0.5} aria-hidden="true" />
            ))}
            {shapes.data.states.map((shape) => {
              const figures = byCode.get(shape.code);
              const share = figures?.share ?? 0;
              return (
                <a
                  key={shape.code}
                  href={`/the-movement/${shape.code}`}
                  aria-label={t('map.stateLink', {
                    name: shape.name,
                    count: figures?.districtsWithFinishedLevel1 ?? 0,
                    districts: figures?.districts ?? 0,
                    percent: sharePercent(share),
                  })}
                  className="group"
                  data-state={shape.code}
                  onClick={(e) => onClick(e, shape.code)}
                  onPointerDown={onPointerDown}
                  onPointerEnter={(e) => e.pointerType === 'mouse' && setShown(shape.code)}
                  onFocus={() => setShown(shape.code)}
                >
                  <path
                    d={shape.d}
                    className={cn(
                      SHADE_FILLS[shadeStep(share)],
                      'stroke-white transition-colors group-hover:stroke-accent-600 group-focus-visible:stroke-accent-600',
                      shown === shape.code && 'stroke-accent-600',
                    )}
                    strokeWidth={shown === shape.code ? 3 : 1}
                    strokeLinejoin="round"
                  />
                </a>
              );
            })}
            {/* The state shown is drawn again on top, so its whole outline shows over its neighbours. */}
            {shown
              ? shapes.data.states
                  .filter((s) => s.code === shown)
                  .map((s) => <path key={s.code} d={s.d} className="pointer-events-none fill-none stroke-accent-600" strokeWidth={3} aria-hidden="true" />)
              : null}
          </svg>
        )}
      </div>

      <MapLegend />

      <div className="mt-4 min-h-28 rounded-xl border border-slate-200 bg-white p-4" aria-live="polite" data-testid="map-figures">
        {shownState ? (
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h3 className="font-semibold text-navy-900">{shownState.name}</h3>
              <StateFigures figures={shownState} />
            </div>
            <Link to={`/the-movement/${shownState.state}`} className="inline-flex items-center gap-1 font-medium text-navy-700 underline underline-offset-2">
              {t('map.open', { name: shownState.name })} <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t('map.pick')}</p>
        )}
      </div>
    </div>
  );
}

/** What the shades mean: the measure in words and a swatch per step. */
export function MapLegend() {
  const { t } = useTranslation('movement');
  return (
    <figure className="mt-3" aria-labelledby="map-legend-title">
      <figcaption id="map-legend-title" className="text-sm font-medium text-slate-800">
        {t('map.legendTitle')}
      </figcaption>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-700">
        {SHADE_STEPS.map((step) => (
          <li key={step.index} className="flex items-center gap-2">
            <span className={cn('inline-block h-4 w-6 rounded border border-slate-300', SWATCHES[step.index])} aria-hidden="true" />
            {step.index === 0 ? t('map.legendNone') : t('map.legendRange', { min: step.index === 1 ? 1 : Math.round(step.min * 100) + 1, max: Math.round(step.max * 100) })}
          </li>
        ))}
      </ul>
    </figure>
  );
}
