import { Cookie, Flag, Sparkles, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

const POINTS: Array<{ key: 'banners' | 'brownies' | 'sparks'; label: string; icon: LucideIcon; tone: string }> = [
  { key: 'banners', label: 'Banners', icon: Flag, tone: 'bg-navy-50 text-navy-700' },
  { key: 'brownies', label: 'Brownies', icon: Cookie, tone: 'bg-amber-50 text-amber-800' },
  { key: 'sparks', label: 'Sparks', icon: Sparkles, tone: 'bg-orange-50 text-accent-700' },
];

export function PointsSummaryCard({ points }: { points: { banners: number; brownies: number; sparks: number } }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Points Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-3 gap-2">
          {POINTS.map(({ key, label, icon: Icon, tone }) => (
            <div key={key} className={`flex flex-col items-center gap-1 rounded-xl p-3 ${tone}`}>
              <Icon className="h-5 w-5" aria-hidden="true" />
              <dt className="order-last text-xs font-medium text-slate-700">{label}</dt>
              <dd className="text-2xl font-bold tabular-nums">{points[key].toLocaleString('en-US')}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
