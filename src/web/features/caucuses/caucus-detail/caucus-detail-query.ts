import { useQuery } from '@tanstack/react-query';
import type { CaucusDetail } from '../../../../domain/caucuses/caucus-types';
import { api } from '../../../api/http';

/** Members and organizers see votes arrive without reloading while the election is open. */
const ELECTION_REFRESH_MS = 15_000;

/** The query key of one caucus's page: the cards invalidate it after a change. */
export const detailKey = (id: string) => ['caucuses', 'detail', id] as const;

/** GET /api/caucuses/{id}, refreshed every 15 seconds for insiders while the election is open. */
export function useCaucus(id: string) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => api<CaucusDetail>(`/api/caucuses/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => (query.state.data?.viewer?.isMember && !query.state.data.electionFinalized ? ELECTION_REFRESH_MS : false),
  });
}
