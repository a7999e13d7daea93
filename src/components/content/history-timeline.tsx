import { HTML_LANG, type Locale } from '@/lib/locales';
import type { Milestone } from '@/server/api/content/queries';

/** "March 2016" / "2016年3月" in the visitor's language. */
function monthOf(year: number, month: number, locale: Locale): string {
  return new Intl.DateTimeFormat(HTML_LANG[locale], { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, 1),
  );
}

/** The company history of /about as an ordered timeline, oldest first. */
export function HistoryTimeline({ milestones, locale }: { milestones: Milestone[]; locale: Locale }) {
  return (
    <ol className="relative mt-8 space-y-8 border-l-2 border-brand-100 pl-6" data-testid="history">
      {milestones.map((m) => (
        <li key={m.id} className="relative">
          <span
            aria-hidden="true"
            className="absolute -left-[33px] top-1.5 h-4 w-4 rounded-full border-4 border-white bg-brand-600 shadow"
          />
          <time
            dateTime={`${m.year}-${String(m.month).padStart(2, '0')}`}
            className="text-sm font-semibold text-brand-700"
          >
            {monthOf(m.year, m.month, locale)}
          </time>
          <h3 className="mt-1 text-lg font-semibold text-ink">{m.title}</h3>
          <p className="mt-1 max-w-3xl text-muted">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}
