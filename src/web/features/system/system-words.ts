import { useMemo } from 'react';
import { byteAmount, secondsSince, timeAmount } from '../../../domain/operations/system-figures';
import { useFormat } from '../../i18n/format';

/** The system page's figures in words of the page's language, through Intl (no catalog needed). */
export interface SystemWords {
  /** "3 hours ago" / "hace 3 horas", from an ISO time to `now`. */
  ago(at: string, now: Date): string;
  /** "5 minutes" / "5 minutos". */
  duration(seconds: number): string;
  /** "2.5 GB" / "2,5 GB". */
  bytes(bytes: number): string;
  /** "42%" / "42 %". */
  percent(share: number): string;
}

export function useSystemWords(): SystemWords {
  const { locale } = useFormat();
  return useMemo(() => {
    const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    return {
      ago: (at, now) => {
        const { unit, count } = timeAmount(secondsSince(at, now) ?? 0);
        return relative.format(-count, unit);
      },
      duration: (seconds) => {
        const { unit, count } = timeAmount(seconds);
        return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(count);
      },
      bytes: (bytes) => {
        const { unit, amount } = byteAmount(bytes);
        return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(amount);
      },
      percent: (share) => percent.format(share),
    };
  }, [locale]);
}
