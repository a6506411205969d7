import { useQuery } from '@tanstack/react-query';
import type { BadgeCatalogueView, BadgeView, ChampionView } from '../../../domain/badges/badge-types';
import { api } from '../../api/http';
import { useSession } from '../session/use-session';

/** Keyed by the viewer: progress and earned dates belong to whoever is signed in. */
export const badgeKeys = {
  all: ['badges'] as const,
  list: (viewerId: string | null) => ['badges', 'list', viewerId ?? 'visitor'] as const,
  one: (name: string, viewerId: string | null) => ['badges', 'one', name.toLowerCase(), viewerId ?? 'visitor'] as const,
  champion: (viewerId: string) => ['badges', 'champion', viewerId] as const,
};

/** The catalogue by category, with the viewer's earned dates and progress when signed in. */
export function useBadgeCatalogue() {
  const { user, isLoading } = useSession();
  const viewerId = user?.id ?? null;
  return useQuery({
    queryKey: badgeKeys.list(viewerId),
    queryFn: ({ signal }) => api<BadgeCatalogueView>('/api/badges', { signal }),
    enabled: !isLoading,
  });
}

/** One badge by name or slug. */
export function useBadge(name: string) {
  const { user, isLoading } = useSession();
  const viewerId = user?.id ?? null;
  return useQuery({
    queryKey: badgeKeys.one(name, viewerId),
    queryFn: ({ signal }) => api<BadgeView>(`/api/badges/${encodeURIComponent(name)}`, { signal }),
    enabled: !isLoading && name.length > 0,
  });
}

/** The signed-in user's Champion checklist. */
export function useChampion(viewerId: string | undefined) {
  return useQuery({
    queryKey: badgeKeys.champion(viewerId ?? ''),
    queryFn: ({ signal }) => api<ChampionView>('/api/champion', { signal }),
    enabled: !!viewerId,
  });
}
