import { useQuery } from '@tanstack/react-query';
import type { TodoAnswer } from '../../../domain/todo/todo-answer';
import { api } from '../../api/http';

export const TODO_KEY = ['todo'] as const;

/** The To-Do list that fits the signed-in user, or null when none applies (GET /api/todo). */
export function useTodoList(enabled: boolean) {
  return useQuery({
    queryKey: TODO_KEY,
    queryFn: async ({ signal }) => (await api<TodoAnswer>('/api/todo', { signal })).list,
    enabled,
    staleTime: 0,
  });
}
