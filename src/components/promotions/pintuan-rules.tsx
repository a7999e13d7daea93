import type { getTranslations } from 'next-intl/server';
import { env } from '@/env';

/**
 * The general group-buy rules in the visitor's language, payment deadlines included
 * (docs/decisions/060-group-buy-payment.md): one list for both group-buy pages.
 */
export function pintuanRules(t: Awaited<ReturnType<typeof getTranslations<'pintuan'>>>): string[] {
  const minutes = env().ORDER_PAYMENT_WINDOW_MINUTES;
  return [
    t('rules.open', { minutes }),
    t('rules.share'),
    t('rules.pay', { minutes }),
    t('rules.full'),
    t('rules.fail'),
  ];
}

/** The group-buy rules (docs/decisions/013-group-buy.md), shown on both group-buy pages in the visitor's language. */
export function PintuanRules({ title, rules }: { title: string; rules: string[] }) {
  return (
    <section aria-labelledby="pintuan-rules" className="rounded-xl bg-surface p-5 desk:p-6">
      <h2 id="pintuan-rules" className="text-lg font-semibold">
        {title}
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-muted">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
    </section>
  );
}
