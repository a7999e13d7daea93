'use client';

import { useLocale } from 'next-intl';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { BillingProfileSection } from '@/components/catalog/configurator/billing-profile';
import { useBillingChoice } from '@/components/catalog/configurator/state';
import { ApiCallError } from '@/lib/api-client';
import type { Locale } from '@/lib/locales';

/** The fields of a seat's request that say who is billed; each is also a field a 422 can name. */
const BILLING_FIELDS = ['billingCountry', 'billingCompany', 'billingTaxId'] as const;

/**
 * Who is billed for a group-buy seat (docs/decisions/066-tax.md): the configurator's billing fields, shown when the
 * account keeps no billing country (a seat's order, like every order, needs one) or when the server refused one of
 * them, so the refusal's message is read at the field it names and the field has the focus. An account that keeps
 * a country is billed to it, as at the checkout, and the fields stay out of the way.
 */
export function useSeatBilling(token: string | null): {
  /** What the seat's request adds: the fields as typed while they are shown, else nothing (the account's). */
  request: () => Record<string, string | undefined>;
  /** Takes a refusal; true when it was about a billing field (then shown at that field). */
  refused: (error: unknown) => boolean;
  fields: ReactNode;
} {
  const locale = useLocale() as Locale;
  const billing = useBillingChoice(token, locale);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [asked, setAsked] = useState(false);
  const shown = Boolean(token) && (billing.kept === false || asked);
  const box = useRef<HTMLDivElement>(null);
  // Once a refusal has shown its field, the field takes the focus (after the render that shows it).
  const [focusField, setFocusField] = useState<string | null>(null);
  useEffect(() => {
    if (!focusField) return;
    box.current?.querySelector<HTMLElement>(`[name="${focusField}"]`)?.focus();
    setFocusField(null);
  }, [focusField]);

  return {
    request: () =>
      shown
        ? {
            billingCountry: billing.billing.country || undefined,
            billingCompany: billing.billing.company.trim() || undefined,
            billingTaxId: billing.billing.taxId.trim() || undefined,
          }
        : {},
    refused: (error) => {
      const fields = error instanceof ApiCallError ? (error.fields ?? {}) : {};
      const named = BILLING_FIELDS.filter((f) => fields[f]);
      setErrors(Object.fromEntries(named.map((f) => [f, fields[f] ?? ''])));
      if (named.length === 0) return false;
      setAsked(true);
      setFocusField(named[0] ?? null);
      return true;
    },
    fields: shown ? (
      <div ref={box}>
        <BillingProfileSection
          billing={billing.billing}
          errors={errors}
          onChange={(changes) => {
            billing.change(changes);
            setErrors({});
          }}
          onTaxIdDone={billing.commitTaxId}
          layout="card"
        />
      </div>
    ) : null,
  };
}
