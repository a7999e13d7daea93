// biome-ignore-all lint/a11y/noRedundantRoles: WebKit drops table semantics once the parts are blocks and grids (decision 038)
import { PageLink } from '@/i18n/page-link';
import type { PlanCardText } from '@/lib/vps-heights';

/** A plan as its row shows it: the texts of its card, and where Configure leads. */
export type PlanRow = PlanCardText & { id: string; regionId: string };

export type PlanTableLabels = { caption: string; plan: string; configure: string };

/**
 * The plans of one product line (docs/decisions/009-pricing-and-orders.md): a table from the desk breakpoint up, one line a plan; below it each
 * plan reads as a card (docs/decisions/038-tables-on-phones.md). The table keeps its elements and semantics; CSS
 * lays each row out as a two-column grid: the name; the specs two to a line; the regions; the monthly price over
 * the hourly one, Configure beside them. Each cell names its column there (`cell-label`, from `data-label`) and
 * the column headings are visually hidden. Three columns were tried first: at 320 px "BANDWIDTH" and
 * "HK$1,159.22" ran out of their 74 px. src/lib/vps-heights.ts restates these sizes for the kept height.
 */
export function PlanTable({ labels, plans }: { labels: PlanTableLabels; plans: PlanRow[] }) {
  const first = plans[0];
  if (!first) return null;
  const headings = [...first.specs.map((s) => s.label), first.monthly.label, first.hourly.label, first.regions.label];
  return (
    // `relative`: the visually hidden headings are absolutely positioned; without a positioned box around them
    // they escaped it and made the whole page scroll sideways on a phone.
    <div className="relative mt-5 overflow-x-auto desk:rounded-lg desk:border desk:border-line">
      <table role="table" className="w-full text-left text-sm max-desk:block desk:min-w-[820px]">
        <caption className="sr-only">{labels.caption}</caption>
        {/* Column headings stay on one line: a Japanese heading broke inside a word at 1280 px. */}
        <thead
          role="rowgroup"
          className="whitespace-nowrap bg-surface text-xs uppercase tracking-wide text-muted max-desk:sr-only"
        >
          <tr role="row">
            <th role="columnheader" scope="col" className="px-4 py-3">
              {labels.plan}
            </th>
            {headings.map((heading) => (
              <th key={heading} role="columnheader" scope="col" className="px-4 py-3">
                {heading}
              </th>
            ))}
            <th role="columnheader" scope="col" className="px-4 py-3">
              <span className="sr-only">{labels.configure}</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-desk:block max-desk:space-y-3 desk:divide-y desk:divide-line">
          {plans.map((plan) => (
            <tr
              key={plan.id}
              role="row"
              data-plan={plan.id}
              className="max-desk:grid max-desk:grid-cols-2 max-desk:gap-x-4 max-desk:gap-y-3 max-desk:rounded-lg max-desk:border max-desk:border-line max-desk:p-4"
            >
              <th
                role="rowheader"
                scope="row"
                className="px-4 py-3 font-semibold text-ink max-desk:col-span-2 max-desk:p-0"
              >
                {plan.name}
                {plan.cpuModel ? <span className="block text-xs font-normal text-muted">{plan.cpuModel}</span> : null}
              </th>
              {plan.specs.map((spec) => (
                <td key={spec.label} role="cell" className="cell-label px-4 py-3 max-desk:p-0" data-label={spec.label}>
                  {spec.value}
                </td>
              ))}
              {/* On a phone the prices come last, after the regions, one under the other beside Configure. */}
              <td
                role="cell"
                className="cell-label whitespace-pre-line px-4 py-3 font-semibold text-brand-700 max-desk:order-1 max-desk:p-0 max-desk:text-base"
                data-label={plan.monthly.label}
                data-testid="monthly-price"
              >
                {plan.monthly.value}
              </td>
              <td
                role="cell"
                className="cell-label whitespace-pre-line px-4 py-3 text-muted max-desk:order-3 max-desk:p-0"
                data-label={plan.hourly.label}
                data-testid="hourly-price"
              >
                {plan.hourly.value}
              </td>
              <td
                role="cell"
                className="cell-label px-4 py-3 text-xs text-muted max-desk:col-span-2 max-desk:p-0"
                data-label={plan.regions.label}
              >
                {plan.regions.value}
              </td>
              <td
                role="cell"
                className="px-4 py-3 max-desk:order-2 max-desk:row-span-2 max-desk:self-center max-desk:justify-self-end max-desk:p-0"
              >
                <PageLink
                  href={{ pathname: '/product/vps-buy', query: { planId: plan.id, regionId: plan.regionId } }}
                  className="inline-block whitespace-nowrap rounded-md bg-brand-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-700"
                >
                  {labels.configure}
                </PageLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
