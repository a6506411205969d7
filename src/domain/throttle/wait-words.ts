/**
 * How long to wait, in words, for the answer to a refused (429) request: "45 seconds",
 * "4 minutes", "1 hour and 5 minutes". Rounded up, so the wait said is never too short.
 */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(Number.isFinite(seconds) ? seconds : 1));
  if (s < 60) return plural(s, 'second');
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} and ${plural(rest, 'minute')}`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** The message of every 429 the app gives: the wait said in words. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many attempts. Please try again in ${waitInWords(retryAfterSeconds)}.`;
}

/** A Retry-After header's seconds (the delay form; an HTTP date is read against `now`), or null. */
export function parseRetryAfter(header: string | null | undefined, now: Date = new Date()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (!/[a-z]/i.test(trimmed)) return null; // a negative or fractional number is no valid delay
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}
