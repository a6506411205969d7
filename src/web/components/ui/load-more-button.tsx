import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * The "Load more" of a paged list, centred under it. Not disabled while loading, so the
 * keyboard focus stays on it (aria-disabled and aria-busy say it is working); the list moves
 * the focus to the first newly loaded item itself.
 */
export function LoadMoreButton({ loading, onClick, children }: { loading: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <div className="mt-6 flex justify-center">
      <Button variant="outline" onClick={onClick} aria-disabled={loading} aria-busy={loading || undefined}>
        {loading ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
        {children}
      </Button>
    </div>
  );
}
