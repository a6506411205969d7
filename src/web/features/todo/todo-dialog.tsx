import { ArrowRight } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TodoItem } from '../../../domain/todo/todo-answer';
import { todoShownKey } from '../../../domain/todo/todo-list';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { useHydrated } from '../../components/use-hydrated';
import { useSession } from '../session/use-session';
import { useTodoList } from './todo-api';

/**
 * The items' labels by the item's key, and the links' by their target (the server sends the
 * English ones, src/domain/todo/todo-list.ts); an item this list does not know keeps the server's.
 */
const ITEM_LABELS = {
  claim_welcome: 'items.claimWelcome',
  join_caucus: 'items.joinCaucus',
  fill_caucus: 'items.fillCaucus',
  first_spark: 'items.firstSpark',
  elect_delegate: 'items.electDelegate',
  ten_sparks: 'items.tenSparks',
  organize_caucus: 'items.organizeCaucus',
  guide_caucus: 'items.guideCaucus',
  level_two: 'items.levelTwo',
  keep_recruiting: 'items.keepRecruiting',
  organize_another: 'items.organizeAnother',
  guide_another: 'items.guideAnother',
} as const;

const LINK_LABELS = {
  '/rewards': 'links.rewards',
  '/my-caucuses': 'links.myCaucuses',
} as const satisfies Record<NonNullable<TodoItem['link']>['to'], string>;

const isKnownItem = (key: string): key is keyof typeof ITEM_LABELS => Object.hasOwn(ITEM_LABELS, key);

function wasShown(userId: string): boolean {
  try {
    return sessionStorage.getItem(todoShownKey(userId)) === '1';
  } catch {
    return false;
  }
}

function markShown(userId: string) {
  try {
    sessionStorage.setItem(todoShownKey(userId), '1');
  } catch {
    /* storage unavailable: the dialog may show again, nothing worse */
  }
}

/**
 * The To-Do List dialog of /home: opens once per browser session per user (sessionStorage keyed
 * by the user's id) when a checklist applies; read-only checkboxes the server's facts check.
 */
export function TodoDialog() {
  const { t } = useTranslation('todo');
  const { user } = useSession();
  const userId = user?.id ?? null;
  // Read once per user when the page opens: shown earlier in this browser session, or not. The
  // browser's storage is read once the app has adopted a page the server drew (use-hydrated.ts):
  // the server neither knows nor asks for the list, the dialog opens on its own anyway.
  const hydrated = useHydrated();
  const shownBefore = useMemo(() => (userId && hydrated ? wasShown(userId) : true), [userId, hydrated]);
  const { data: list } = useTodoList(!!userId && !shownBefore);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!userId || shownBefore || !list || wasShown(userId)) return;
    markShown(userId);
    setOpen(true);
  }, [userId, shownBefore, list]);

  if (!list) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent title={t('dialog.title')} description={t('dialog.subtitle')}>
        <ul className="space-y-3">
          {list.items.map((item) => (
            <TodoRow key={item.key} item={item} />
          ))}
        </ul>
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button variant="primary">{t('dialog.gotIt')}</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function TodoRow({ item }: { item: TodoItem }) {
  const { t } = useTranslation('todo');
  const id = useId();
  return (
    <li className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
      <input
        id={id}
        type="checkbox"
        checked={item.done}
        readOnly
        aria-readonly="true"
        // Read-only: the server checks an item when it is done; clicking changes nothing.
        onClick={(event) => event.preventDefault()}
        className="mt-0.5 h-5 w-5 shrink-0 accent-navy-700"
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className={item.done ? 'text-slate-500 line-through' : 'text-slate-900'}>
          {isKnownItem(item.key) ? t(ITEM_LABELS[item.key]) : item.label}
        </label>
        {item.link ? (
          <div className="mt-1">
            <Link to={item.link.to} className="inline-flex items-center gap-1 text-sm font-medium text-navy-700 underline-offset-4 hover:underline">
              {t(LINK_LABELS[item.link.to])} <ArrowRight className="h-3.5 w-3.5" aria-hidden="true" />
            </Link>
          </div>
        ) : null}
      </div>
    </li>
  );
}
