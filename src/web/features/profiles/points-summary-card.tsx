import { Cookie, Flag, Sparkles, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useFormat } from '../../i18n/format';

const POINTS: Array<{ key: 'banners' | 'brownies' | 'sparks'; icon: LucideIcon; tone: string }> = [
  { key: 'banners', icon: Flag, tone: 'bg-navy-50 text-navy-700' },
  { key: 'brownies', icon: Cookie, tone: 'bg-amber-50 text-amber-800' },
  { key: 'sparks', icon: Sparkles, tone: 'bg-orange-50 text-accent-700' },
];

export function PointsSummaryCard({ points }: { points: { banners: number; brownies: number; sparks: number } }) {
  const { t } = useTranslation('profiles');
  const format = useFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('points.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-3 gap-2">
          {POINTS.map(({ key, icon: Icon, tone }) => (
            <div key={key} className={`flex flex-col items-center gap-1 rounded-xl p-3 ${tone}`}>
              <Icon className="h-5 w-5" aria-hidden="true" />
              <dt className="order-last text-xs font-medium text-slate-700">{t(`points.${key}`)}</dt>
              <dd className="text-2xl font-bold tabular-nums">{format.number(points[key])}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
