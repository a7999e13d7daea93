'use client';

import { useEffect, useState } from 'react';

/** Time left until `endsAt`, updated every second; the server renders the end date as the fallback. */
/** `template` comes translated from the server, with {days} and {time} placeholders (salePage.countdown). */
export function Countdown({ endsAt, fallback, template }: { endsAt: string; fallback: string; template: string }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (now === null) return <span>{fallback}</span>;
  const left = Math.max(0, Date.parse(endsAt) - now);
  const d = Math.floor(left / 86_400_000);
  const h = Math.floor((left % 86_400_000) / 3_600_000);
  const m = Math.floor((left % 3_600_000) / 60_000);
  const s = Math.floor((left % 60_000) / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    <span>
      {/* The ticking digits are hidden from screen readers, which get the end date once instead. */}
      <span className="sr-only">{fallback}</span>
      <time dateTime={endsAt} className="font-mono tabular-nums" aria-hidden="true">
        {template.replace('{days}', String(d)).replace('{time}', `${pad(h)}:${pad(m)}:${pad(s)}`)}
      </time>
    </span>
  );
}
