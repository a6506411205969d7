import { Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useReturnFocus } from './dialog';

export const Sheet = D.Root;
export const SheetClose = D.Close;

/** A panel sliding in from the right (the mobile navigation). */
export function SheetContent({ title, description, closeLabel, children }: { title: string; description: string; closeLabel: string; children: ReactNode }) {
  const returnFocus = useReturnFocus();
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <D.Content {...returnFocus} className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white p-5 shadow-xl">
        <D.Title className="text-lg font-semibold text-navy-800">{title}</D.Title>
        <D.Description className="sr-only">{description}</D.Description>
        <div className="mt-4 flex-1">{children}</div>
        <D.Close className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label={closeLabel}>
          <X className="h-5 w-5" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}
