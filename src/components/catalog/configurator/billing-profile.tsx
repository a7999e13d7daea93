'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { COUNTRY_CODES, countryName } from '@/lib/countries';
import { HTML_LANG, type Locale } from '@/lib/locales';
import { ConfigSelect, ConfigText } from './fields';
import type { BillingChoice } from './state';

/**
 * Who is billed (docs/decisions/066-tax.md): the country decides the tax the summary shows before the order button;
 * a company and its tax id are optional (an EU business with a valid VAT number is billed without VAT, under the
 * reverse charge).
 */
export function BillingProfileSection({
  billing,
  errors,
  onChange,
  onTaxIdDone,
  layout = 'form',
}: {
  billing: BillingChoice;
  errors: Record<string, string>;
  onChange: (changes: Partial<BillingChoice>) => void;
  onTaxIdDone: () => void;
  /** Across the configurator's two columns, or one field under another in a card (a group-buy offer). */
  layout?: 'form' | 'card';
}) {
  const t = useTranslations('buy');
  const locale = useLocale() as Locale;
  // Country names in the visitor's language, sorted as they read them.
  const countries = useMemo(() => {
    const language = HTML_LANG[locale];
    const collator = new Intl.Collator(language);
    return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, language) })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
  }, [locale]);
  // Country names come from Intl.DisplayNames, whose data differs between the server's Node and the visitor's
  // browser ("Hong Kong SAR China" and "Hong Kong"): the first render, which must match the server's HTML, offers
  // only the chosen country, its name not compared; the whole list, in the browser's words, once hydrated.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const offered = hydrated ? countries : countries.filter((c) => c.code === billing.country);
  return (
    // min-w-0: a fieldset and a grid track are as wide as their widest content by default, and a select is as wide
    // as its longest country name: on a phone that pushed the page sideways.
    <fieldset
      className={`min-w-0 rounded-lg border border-line p-4 ${layout === 'form' ? 'desk:col-span-2' : ''}`}
      data-testid="billing-profile"
    >
      <legend className="px-1 font-semibold">{t('billingProfile')}</legend>
      <div className={`grid grid-cols-1 gap-4 ${layout === 'form' ? 'desk:grid-cols-3' : ''}`}>
        <ConfigSelect
          label={t('billingCountry')}
          name="billingCountry"
          value={billing.country}
          onChange={(country) => onChange({ country })}
          error={errors.billingCountry}
        >
          <option value="">{t('chooseCountry')}</option>
          {offered.map((c) => (
            <option key={c.code} value={c.code} suppressHydrationWarning>
              {c.name}
            </option>
          ))}
        </ConfigSelect>
        <ConfigText
          label={t('billingCompany')}
          name="billingCompany"
          value={billing.company}
          onChange={(company) => onChange({ company })}
          error={errors.billingCompany}
          autoComplete="organization"
        />
        <ConfigText
          label={t('billingTaxId')}
          name="billingTaxId"
          value={billing.taxId}
          onChange={(taxId) => onChange({ taxId })}
          onBlur={onTaxIdDone}
          error={errors.billingTaxId}
        />
      </div>
      <p className="mt-2 text-xs text-muted">{t('billingHint')}</p>
    </fieldset>
  );
}
