'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { CatalogForConfigurator, ConfiguratorKey, deriveConfiguration } from '@/lib/catalog/configurator';
import { BILLING_MONTHS, MAX_QUANTITY } from '@/lib/catalog/vps-limits';
import type { HeldCouponChoice } from '@/lib/coupons';
import { HTML_LANG, type Locale } from '@/lib/locales';
import { ConfigNumber, ConfigSelect } from './fields';

/**
 * What every section of the configurator is given: the catalogue, the configuration derived from the address,
 * the way to change it, the server's field errors and the price labels. Sections render into the form's one
 * grid, so each returns its controls side by side rather than a box of its own.
 */
export type SectionProps = {
  catalog: CatalogForConfigurator;
  chosen: ReturnType<typeof deriveConfiguration>;
  value: (key: ConfiguratorKey) => string;
  set: (changes: Partial<Record<ConfiguratorKey, string>>) => void;
  errors: Record<string, string>;
  /** A monthly USD price as the region charges it, in the visitor's currency. */
  regional: (cents: number) => string;
  /** A USD price in the visitor's currency, unadjusted. */
  usd: (cents: number) => string;
};

/** The region, as radio buttons: few enough to see all at once. */
export function RegionSection({ catalog, chosen, set }: SectionProps) {
  const t = useTranslations('buy');
  return (
    <fieldset className="rounded-lg border border-line p-4">
      <legend className="px-1 font-semibold">{t('region')}</legend>
      <div className="mt-2 grid gap-2 min-[500px]:grid-cols-2 desk:grid-cols-4">
        {catalog.regions.map((r) => (
          <label
            key={r.id}
            className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm ${r.id === chosen.regionId ? 'border-brand-500 bg-brand-50' : 'border-line'}`}
          >
            <input
              type="radio"
              name="regionId"
              value={r.id}
              checked={r.id === chosen.regionId}
              onChange={() => set({ regionId: r.id })}
            />
            {r.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A ready-made set or a plan of the region, and the system image. */
export function PlanSection({ catalog, chosen, set, errors, regional, usd }: SectionProps) {
  const t = useTranslations('buy');
  const locale = useLocale() as Locale;
  const { quickSet, regionId, regionPlans, planId, families, imageId, imageNeedsDisk } = chosen;
  return (
    <>
      <ConfigSelect
        label={t('quickSet')}
        name="quickSetId"
        className="desk:col-span-2"
        value={quickSet?.id ?? ''}
        // A set chooses the plan, image, disk and bandwidth itself.
        onChange={(id) => set({ quickSetId: id, planId: '', imageId: '', diskId: '', diskGb: '', bandwidthTierId: '' })}
      >
        <option value="">{t('custom')}</option>
        {catalog.quickSets.map((q) => (
          <option key={q.id} value={q.id}>
            {q.name}
          </option>
        ))}
      </ConfigSelect>
      <ConfigSelect
        label={t('plan')}
        name="planId"
        value={planId}
        onChange={(id) => set({ planId: id, quickSetId: '' })}
        error={errors.planId}
      >
        {regionPlans.map((p) => {
          // Plan names usually begin with their line's name ("Standard 1 vCPU / 1 GB"): said once.
          const name = p.name.startsWith(p.lineName) ? p.name : `${p.lineName} · ${p.name}`;
          const monthly = p.monthlyByRegion[regionId];
          return (
            <option key={p.id} value={p.id}>
              {`${name} · ${monthly === undefined ? regional(p.listPriceCents) : usd(monthly)}`}
            </option>
          );
        })}
      </ConfigSelect>
      <ConfigSelect
        label={t('image')}
        name="imageId"
        value={imageId}
        onChange={(id) => set({ imageId: id })}
        error={errors.imageId}
        note={
          imageNeedsDisk
            ? t(imageNeedsDisk.plans.length > 0 ? 'imageNeedsDisk' : 'imageNeedsDiskNowhere', {
                image: imageNeedsDisk.name,
                min: imageNeedsDisk.minDiskGb,
                disk: imageNeedsDisk.planDiskGb,
                plans: new Intl.ListFormat(HTML_LANG[locale], { type: 'disjunction' }).format(imageNeedsDisk.plans),
              })
            : undefined
        }
      >
        {families.map((f) => (
          <optgroup key={f.family} label={f.family}>
            {f.images.map((i) => (
              <option key={i.id} value={i.id}>
                {i.name}
              </option>
            ))}
          </optgroup>
        ))}
      </ConfigSelect>
    </>
  );
}

/** An optional data disk, and its size once one is chosen. */
export function DiskSection({ catalog, chosen, set, errors, usd }: SectionProps) {
  const t = useTranslations('buy');
  const { disk, diskGb } = chosen;
  return (
    <>
      <ConfigSelect
        label={t('dataDisk')}
        name="diskId"
        value={disk?.id ?? ''}
        onChange={(id) => set({ diskId: id, diskGb: '' })}
      >
        <option value="">{t('none')}</option>
        {catalog.disks.map((d) => (
          <option key={d.id} value={d.id}>{`${d.name} · ${usd(d.pricePerGbCents)}/GB`}</option>
        ))}
      </ConfigSelect>
      {disk ? (
        <ConfigNumber
          label={t('diskSize', { min: disk.minGb, max: disk.maxGb, step: disk.stepGb })}
          name="diskGb"
          min={disk.minGb}
          max={disk.maxGb}
          step={disk.stepGb}
          value={diskGb || disk.minGb}
          onChange={(gb) => set({ diskGb: gb })}
          error={errors['dataDisks.0.sizeGb']}
        />
      ) : null}
    </>
  );
}

/** Bandwidth above the plan's own, a traffic package and the security group. */
export function NetworkSection({ catalog, chosen, value, set, errors, regional }: SectionProps) {
  const t = useTranslations('buy');
  const { plan, bands, bandwidthTierId } = chosen;
  return (
    <>
      <ConfigSelect
        label={t('bandwidth')}
        name="bandwidthTierId"
        value={bandwidthTierId}
        onChange={(id) => set({ bandwidthTierId: id })}
        error={errors.bandwidthTierId}
      >
        <option value="">{plan ? t('included', { mbps: plan.bandwidthMbps }) : t('none')}</option>
        {bands
          .filter((b) => !plan || b.mbps > plan.bandwidthMbps)
          .map((b) => (
            <option key={b.id} value={b.id}>{`${b.mbps} Mbps · ${regional(b.monthlyPriceCents)}`}</option>
          ))}
      </ConfigSelect>
      <ConfigSelect
        label={t('traffic')}
        name="trafficPackageId"
        value={value('trafficPackageId')}
        onChange={(id) => set({ trafficPackageId: id })}
      >
        <option value="">{t('none')}</option>
        {catalog.traffic.map((p) => (
          <option
            key={p.id}
            value={p.id}
          >{`${p.gb >= 1000 ? `${p.gb / 1000} TB` : `${p.gb} GB`} · ${regional(p.monthlyPriceCents)}`}</option>
        ))}
      </ConfigSelect>
      <ConfigSelect
        label={t('securityGroup')}
        name="securityGroupId"
        value={value('securityGroupId')}
        onChange={(id) => set({ securityGroupId: id })}
      >
        <option value="">{t('defaultGroup')}</option>
        {catalog.groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </ConfigSelect>
    </>
  );
}

/** The snapshot policy and how many servers. */
export function ExtrasSection({ catalog, chosen, value, set, errors }: SectionProps) {
  const t = useTranslations('buy');
  return (
    <>
      <ConfigSelect
        label={t('snapshot')}
        name="snapshotPolicyId"
        value={value('snapshotPolicyId')}
        onChange={(id) => set({ snapshotPolicyId: id })}
      >
        <option value="">{t('none')}</option>
        {catalog.snapshots.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </ConfigSelect>
      <ConfigNumber
        label={t('quantity')}
        name="quantity"
        min={1}
        max={MAX_QUANTITY}
        value={chosen.quantity}
        onChange={(quantity) => set({ quantity })}
        error={errors.quantity}
      />
    </>
  );
}

/** Term or hourly billing, the term's length, and (signed in) one of the customer's coupons. */
export function BillingSection({
  catalog,
  chosen,
  value,
  set,
  errors,
  coupons,
}: SectionProps & { coupons: HeldCouponChoice[] | null }) {
  const t = useTranslations('buy');
  const { plan, billing, months } = chosen;
  return (
    <>
      <ConfigSelect
        label={t('billing')}
        name="billing"
        value={billing}
        onChange={(b) => set({ billing: b === 'hourly' ? 'hourly' : '' })}
        error={errors.billing}
      >
        <option value="term">{t('billingTerm')}</option>
        {/* Dedicated servers are billed by term only. */}
        <option value="hourly" disabled={!plan?.hourlyBilling}>
          {t('billingHourly')}
        </option>
      </ConfigSelect>
      {billing === 'term' ? (
        <ConfigSelect label={t('period')} name="months" value={String(months)} onChange={(m) => set({ months: m })}>
          {BILLING_MONTHS.map((m) => {
            const percent = catalog.terms.find((d) => d.months === m)?.percentOff ?? 0;
            return (
              <option key={m} value={m}>
                {percent > 0 ? t('monthsSave', { count: m, percent }) : t('months', { count: m })}
              </option>
            );
          })}
        </ConfigSelect>
      ) : null}
      {/* Coupons are held by an account: the choice is there once signed in. */}
      {coupons ? (
        <ConfigSelect
          label={t('coupon')}
          name="coupon"
          value={value('coupon')}
          onChange={(id) => set({ coupon: id })}
          error={errors.userCouponId}
        >
          <option value="">{coupons.length ? t('noCoupon') : t('noCoupons')}</option>
          {coupons.map((c) => (
            <option key={c.userCouponId} value={c.userCouponId}>
              {c.name}
            </option>
          ))}
        </ConfigSelect>
      ) : null}
    </>
  );
}
