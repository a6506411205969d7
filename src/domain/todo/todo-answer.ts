import { z } from 'zod';

/**
 * The answer of GET /api/todo (issue 17): the To-Do List that applies to the user (see
 * todo-list.ts for the rules). Kept apart from todo-list.ts so the home page's own imports of
 * it do not bring zod along.
 */
export const todoListKindSchema = z.enum(['newcomer', 'member', 'delegate']);
export type TodoListKind = z.infer<typeof todoListKindSchema>;

export const todoItemSchema = z.object({
  key: z.string(),
  label: z.string(),
  done: z.boolean(),
  /** Where the item is done, when the dialog links to it. */
  link: z.object({ to: z.enum(['/rewards', '/my-caucuses']), label: z.string() }).nullable(),
});
export type TodoItem = z.infer<typeof todoItemSchema>;

export const todoListSchema = z.object({
  kind: todoListKindSchema,
  items: z.array(todoItemSchema),
});
export type TodoList = z.infer<typeof todoListSchema>;

export const todoAnswerSchema = z.object({
  /** The checklist that applies to the user, or null when none does. */
  list: todoListSchema.nullable(),
});
export type TodoAnswer = z.infer<typeof todoAnswerSchema>;
