'use client';

import { useEffect, useState } from 'react';
import { type DASHBOARD_PRESETS, type DashboardSeries, presetPeriod } from '@/lib/admin/dashboard-schemas';
import { AdminApiError, adminApi } from '../api';
import { useAdminTranslations as useTranslations } from '../i18n';
import { OperatorNotices } from '../notices';
import { Alert, Button } from '../ui';
import { type Mode, type Period, PeriodPicker, PeriodText } from './period';
import { Sections } from './sections';

function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The dashboard's numbers over a period (docs/product/back-office-dashboard.md): a period picker (7, 30 or 90 days
 * ending today, or two dates), then one block per section the role may see, each with its totals, its charts and
 * their data tables.
 */
export function DashboardOverview() {
  const t = useTranslations('admin.dashboard');
  const [zones] = useState(() => [...new Set([browserZone(), 'UTC'])]);
  const [mode, setMode] = useState<Mode>(30);
  const [period, setPeriod] = useState<Period>(() => ({
    ...presetPeriod(30, zones[0] ?? 'UTC'),
    tz: zones[0] ?? 'UTC',
  }));
  const [data, setData] = useState<DashboardSeries | null>(null);
  const [failed, setFailed] = useState<AdminApiError | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure.
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setFailed(null);
    adminApi<DashboardSeries>('/dashboard', { query: period, signal: controller.signal })
      .then((next) => {
        setData(next);
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setFailed(error instanceof AdminApiError ? error : new AdminApiError(0, 'api.requestFailed', 0));
        setLoading(false);
      });
    return () => controller.abort();
  }, [period, attempt]);

  const choosePreset = (days: (typeof DASHBOARD_PRESETS)[number], tz = period.tz) => {
    setMode(days);
    setPeriod({ ...presetPeriod(days, tz), tz });
  };

  return (
    <>
      <OperatorNotices notices={data?.notices} linked />
      <section aria-labelledby="dashboard-overview" className="mb-10">
        <h2 id="dashboard-overview" className="mb-3 text-lg font-semibold text-ink">
          {t('overview')}
        </h2>
        <PeriodPicker
          mode={mode}
          period={period}
          zones={zones}
          onPreset={choosePreset}
          onCustom={(next) => {
            setMode('custom');
            setPeriod(next);
          }}
          onZone={(tz) => (mode === 'custom' ? setPeriod({ ...period, tz }) : choosePreset(mode, tz))}
          refusal={failed?.fields ? failed : null}
        />
        <p className="mt-3 text-sm text-muted" data-testid="dashboard-period">
          <PeriodText period={period} />
        </p>
        <div aria-live="polite" className="sr-only">
          {loading ? t('loading') : ''}
        </div>
        {failed ? (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            {/* A refused period names its field (shown next to it in the custom form); anything else is a failure. */}
            <Alert messageKey={failed.fields ? Object.values(failed.fields)[0] : undefined}>{t('failed')}</Alert>
            <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('retry')}
            </Button>
          </div>
        ) : null}
        {data ? (
          <div
            aria-busy={loading}
            className={`mt-5 space-y-8 ${loading ? 'opacity-60' : ''}`}
            data-testid="dashboard-data"
          >
            <Sections data={data} />
          </div>
        ) : loading ? (
          <p className="mt-5 h-64 text-sm text-muted">{t('loading')}</p>
        ) : null}
      </section>
    </>
  );
}
