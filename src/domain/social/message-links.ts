/**
 * Private messages may carry links to pages of the app (a challenge or debate invitation says
 * "/challenge/{id}"). Only such paths become links, never addresses of other sites: a message
 * is a user's text.
 */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; path: string };

/** An app path: one of these pages and an id of letters, digits and dashes. */
const APP_PATH = /(^|\s)(\/(?:challenge|debate|caucus|join-caucus|profile)\/[A-Za-z0-9-]{1,64})(?=$|\s|[.,;:!?)])/g;

/** Splits a message into text and app-path links, in order; the parts joined give the message back. */
export function splitMessageLinks(message: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let at = 0;
  for (const match of message.matchAll(APP_PATH)) {
    const start = match.index + match[1]!.length;
    if (start > at) parts.push({ kind: 'text', text: message.slice(at, start) });
    parts.push({ kind: 'link', path: match[2]! });
    at = start + match[2]!.length;
  }
  if (at < message.length) parts.push({ kind: 'text', text: message.slice(at) });
  return parts;
}
