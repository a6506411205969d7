import { describe, expect, it } from 'vitest';
import { splitMessageLinks, type MessagePart } from './message-links';

const text = (t: string): MessagePart => ({ kind: 'text', text: t });
const link = (path: string): MessagePart => ({ kind: 'link', path });
const ID = '5f0c2b9e-1d2a-4c8e-9a51-0b7f3e2d1c4a';

describe('splitMessageLinks: only paths of the app become links', () => {
  it.each<[string, string, MessagePart[]]>([
    ['plain text stays text', 'See you Thursday.', [text('See you Thursday.')]],
    ['a challenge invitation', `Accept or decline here: /challenge/${ID}`, [text('Accept or decline here: '), link(`/challenge/${ID}`)]],
    ['a debate path followed by a full stop', `Join it at /debate/${ID}.`, [text('Join it at '), link(`/debate/${ID}`), text('.')]],
    ['a path that opens the message', `/caucus/${ID} is ours`, [link(`/caucus/${ID}`), text(' is ours')]],
    ['two paths', `/debate/a1 and /challenge/b2`, [link('/debate/a1'), text(' and '), link('/challenge/b2')]],
    ['another site is never a link', 'https://evil.example/challenge/123', [text('https://evil.example/challenge/123')]],
    ['a path glued to a word is not a link', `x/challenge/${ID}`, [text(`x/challenge/${ID}`)]],
    ['an unknown page is not a link', `/admin/${ID}`, [text(`/admin/${ID}`)]],
    ['a path with more after the id is not a link', `/debate/${ID}/edit`, [text(`/debate/${ID}/edit`)]],
    ['an empty message', '', []],
  ])('%s', (_name, message, parts) => {
    expect(splitMessageLinks(message)).toEqual(parts);
    expect(splitMessageLinks(message).map((p) => (p.kind === 'text' ? p.text : p.path)).join('')).toBe(message);
  });
});
