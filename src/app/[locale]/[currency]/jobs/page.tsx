import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { PageLink } from '@/i18n/page-link';
import { formatDate } from '@/lib/format-date';
import { jobsSearchRequest } from '@/lib/validation/content-forms';
import { type Job, searchJobs } from '@/server/api/content/queries';
import { getReadDb } from '@/server/db/replica';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const generateMetadata = metadataFor('jobs', '/jobs');

/** Where applications go; shown on the page and used as the mailto of each job. */
const CAREERS_EMAIL = 'careers@cirrus.cloud';

const EMPLOYMENT_KEY: Record<string, 'fullTime' | 'partTime' | 'contract' | 'internship'> = {
  'full-time': 'fullTime',
  'part-time': 'partTime',
  contract: 'contract',
  internship: 'internship',
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The filters of the query string; anything malformed is ignored rather than an error page. */
function filtersOf(query: Record<string, string | string[] | undefined>): {
  department?: string | undefined;
  location?: string | undefined;
  id?: number | undefined;
} {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;
  const parsed = jobsSearchRequest.safeParse({
    department: first(query.department),
    location: first(query.location),
    id: first(query.id),
  });
  return parsed.success ? parsed.data : {};
}

/**
 * /jobs (docs/product/screens.md#jobs, POST /api/seniorManage/jobs/search): open positions with department and location filters. The filters are a
 * plain GET form, so they work without JavaScript; each job's detail is a <details> element, and `?id=`
 * opens one position on its own (a link to share). Reading the query string makes this page render per
 * request, which the filters need.
 */
export default async function JobsPage({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
  const locale = await resolveLocale(params);
  const filters = filtersOf(await searchParams);
  const [texts, t, tApi, result] = await Promise.all([
    pageTexts(locale, 'jobs'),
    getTranslations({ locale, namespace: 'jobs' }),
    getTranslations({ locale, namespace: 'api' }),
    searchJobs(getReadDb(), locale, filters),
  ]);
  const single = filters.id !== undefined;

  const detail = (job: Job) => (
    <div className="space-y-5 text-sm leading-relaxed">
      <p className="text-muted">{job.summary}</p>
      <div>
        <h4 className="font-semibold text-ink">{t('responsibilities')}</h4>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
          {job.responsibilities.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="font-semibold text-ink">{t('requirements')}</h4>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
          {job.requirements.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <div className="rounded-lg bg-surface p-4">
        <h4 className="font-semibold text-ink">{t('applyTitle')}</h4>
        <p className="mt-1 text-muted">{t('applyBody', { email: CAREERS_EMAIL })}</p>
        <a
          href={`mailto:${CAREERS_EMAIL}?subject=${encodeURIComponent(`${job.title} (#${job.id})`)}`}
          className="mt-3 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          {t('applyCta')}
        </a>
      </div>
    </div>
  );

  // Each fact keeps its separator on its own line start, so a wrapped line never ends in a dangling dot.
  // Inside a <summary> (phrasing content only) the facts are a span laid out as a block, not a paragraph.
  const meta = (job: Job, Line: 'p' | 'span' = 'p') => (
    <Line className="mt-1 flex flex-wrap gap-x-2 gap-y-1 text-sm text-muted">
      {[
        job.department.name,
        job.location.name,
        t(`employment.${EMPLOYMENT_KEY[job.employmentType] ?? 'fullTime'}`),
        t('posted', { date: formatDate(job.postedAt, locale) }),
      ].map((fact, i) => (
        <span key={fact} className="whitespace-nowrap">
          {i > 0 ? <span aria-hidden="true">· </span> : null}
          {fact}
        </span>
      ))}
    </Line>
  );

  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      <div className="mx-auto w-full max-w-6xl px-5 py-10">
        {single ? (
          <section aria-labelledby="job-title">
            <PageLink href="/jobs" className="text-sm font-semibold text-brand-700 hover:underline">
              ← {t('back')}
            </PageLink>
            {result.jobs[0] ? (
              <article className="mt-4 rounded-xl border border-line p-6" data-testid="job-detail">
                <h2 id="job-title" className="text-2xl font-semibold">
                  {result.jobs[0].title}
                </h2>
                {meta(result.jobs[0])}
                <div className="mt-6">{detail(result.jobs[0])}</div>
              </article>
            ) : (
              <p id="job-title" className="mt-4 text-muted">
                {tApi('job.notFound')}
              </p>
            )}
          </section>
        ) : (
          <div className="grid gap-10 desk:grid-cols-[260px_1fr]">
            <section aria-labelledby="jobs-filters">
              <h2 id="jobs-filters" className="text-lg font-semibold">
                {t('filtersTitle')}
              </h2>
              <form method="get" className="mt-4 space-y-4" data-testid="jobs-filters">
                <div>
                  <label htmlFor="jobs-department" className="block text-sm">
                    {t('department')}
                  </label>
                  <select
                    id="jobs-department"
                    name="department"
                    defaultValue={filters.department ?? ''}
                    className="mt-1 block w-full rounded-md border border-line bg-white px-3 py-2 text-sm"
                  >
                    <option value="">{t('allDepartments')}</option>
                    {result.departments.map((d) => (
                      <option key={d.code} value={d.code}>{`${d.name} (${d.count})`}</option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor="jobs-location" className="block text-sm">
                    {t('location')}
                  </label>
                  <select
                    id="jobs-location"
                    name="location"
                    defaultValue={filters.location ?? ''}
                    className="mt-1 block w-full rounded-md border border-line bg-white px-3 py-2 text-sm"
                  >
                    <option value="">{t('allLocations')}</option>
                    {result.locations.map((l) => (
                      <option key={l.code} value={l.code}>{`${l.name} (${l.count})`}</option>
                    ))}
                  </select>
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <button
                    type="submit"
                    className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                  >
                    {t('apply')}
                  </button>
                  {filters.department || filters.location ? (
                    <PageLink href="/jobs" className="text-sm font-semibold text-brand-700 hover:underline">
                      {t('reset')}
                    </PageLink>
                  ) : null}
                </div>
              </form>
            </section>

            <section aria-labelledby="jobs-results">
              <h2 id="jobs-results" className="text-lg font-semibold" aria-live="polite">
                {t('results', { count: result.jobs.length })}
              </h2>
              {result.jobs.length === 0 ? (
                <p className="mt-4 text-muted">{t('none')}</p>
              ) : (
                <ul className="mt-4 space-y-4" data-testid="jobs-list">
                  {result.jobs.map((job) => (
                    <li key={job.id} id={`job-${job.id}`} className="rounded-xl border border-line bg-white">
                      <details className="group p-5" data-testid="job">
                        <summary className="cursor-pointer list-none">
                          <span className="flex items-start justify-between gap-4">
                            <span>
                              <span className="block text-lg font-semibold text-ink">{job.title}</span>
                              {meta(job, 'span')}
                            </span>
                            <span
                              aria-hidden="true"
                              className="mt-1 text-brand-700 transition-transform group-open:rotate-180"
                            >
                              ▾
                            </span>
                          </span>
                        </summary>
                        <div className="mt-5 border-t border-line pt-5">
                          {detail(job)}
                          <PageLink
                            href={{ pathname: '/jobs', query: { id: job.id } }}
                            className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline"
                          >
                            {t('details')} →
                          </PageLink>
                        </div>
                      </details>
                    </li>
                  ))}
                </ul>
              )}
              <p className="mt-8 text-sm text-muted">{t('openApplication', { email: CAREERS_EMAIL })}</p>
              <div className="mt-8 rounded-xl bg-surface p-5">
                <h3 className="font-semibold">{t('benefitsTitle')}</h3>
                <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-muted">
                  <li>{t('benefits.remote')}</li>
                  <li>{t('benefits.learning')}</li>
                  <li>{t('benefits.servers')}</li>
                  <li>{t('benefits.leave')}</li>
                </ul>
              </div>
            </section>
          </div>
        )}
      </div>
    </>
  );
}
