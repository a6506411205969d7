import { z } from 'zod';

/** The caucus chat's answers (issue 17): its history, a message just sent, and the live stream's `message` events. */

/** One message as the chat shows it. */
export const chatMessageViewSchema = z
  .object({
    id: z.string(),
    caucusId: z.string(),
    userId: z.string(),
    userName: z.string(),
    message: z.string(),
    createdAt: z.string(),
    /** Hidden pending review (issue 14): its author still reads it; others get an empty message. */
    hidden: z.boolean(),
    /** By someone the viewer blocked: folded into one line, the message left out. */
    blocked: z.boolean(),
  })
  .meta({ id: 'CaucusChatMessage' });
export type ChatMessageView = z.infer<typeof chatMessageViewSchema>;
