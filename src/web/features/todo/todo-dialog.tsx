import { ArrowRight } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { TODO_TEXT, type TodoItem, todoShownKey } from '../../../domain/todo/todo-list';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { useSession } from '../session/use-session';
import { useTodoList } from './todo-api';

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
  const { user } = useSession();
  const userId = user?.id ?? null;
  // Read once per user when the page opens: shown earlier in this browser session, or not.
  const shownBefore = useMemo(() => (userId ? wasShown(userId) : true), [userId]);
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
      <DialogContent title={TODO_TEXT.title} description={TODO_TEXT.subtitle}>
        <ul className="space-y-3">
          {list.items.map((item) => (
            <TodoRow key={item.key} item={item} />
          ))}
        </ul>
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button variant="primary">{TODO_TEXT.gotIt}</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function TodoRow({ item }: { item: TodoItem }) {
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
          {item.label}
        </label>
        {item.link ? (
          <div className="mt-1">
            <Link to={item.link.to} className="inline-flex items-center gap-1 text-sm font-medium text-navy-700 underline-offset-4 hover:underline">
              {item.link.label} <ArrowRight className="h-3.5 w-3.5" aria-hidden="true" />
            </Link>
          </div>
        ) : null}
      </div>
    </li>
  );
}
