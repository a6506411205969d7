/**
 * One full stop where a sentence ends on an abbreviation's period (issue 29). Spanish times end
 * in one ("9:36 p.m."), and so may a name or a reason put into a message ("Acme Inc."): a
 * message that closes its sentence after such a value would read "9:36 p.m.. Se vuelven…".
 * Typography in both languages writes that stop once. An ellipsis ("…" or "...") is left alone.
 * Applied to every translated message (the web's i18next post-processor, the server's
 * translated messages), so no message has to avoid ending a sentence on a date or a time.
 */
export function singleFullStop(text: string): string {
  return text.includes('..') ? text.replace(/(?<!\.)\.\.(?!\.)/g, '.') : text;
}
