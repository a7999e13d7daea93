'use client';

import { type FieldErrors, useFieldArray, useFormContext } from 'react-hook-form';
import {
  blankRule,
  RULE_ACTIONS,
  RULE_DIRECTIONS,
  RULE_PROTOCOLS,
} from '@/lib/admin/resources/catalog/security-groups';
import { ADMIN_LOCALES } from '@/lib/admin/schemas';
import { LOCALE_LABEL } from '@/lib/locales';
import type { CustomField } from '../resource/fields';
import { type FormValues, messageIn } from '../resource/values';
import { Button, SelectField, TextField } from '../ui';

const CHOICES = { direction: RULE_DIRECTIONS, protocol: RULE_PROTOCOLS, action: RULE_ACTIONS } as const;

/**
 * A security-group template's rules, in the order they apply, each with its note in three languages: the
 * `securityGroupRules` part of the template's form (src/lib/admin/resources/catalog/security-groups.ts). A role
 * that may only read sees them disabled, the buttons included (the form is disabled: `formState.disabled`).
 */
export const SecurityRulesField: CustomField = ({ field, text, idPrefix }) => {
  const { register, control, formState } = useFormContext<FormValues>();
  const { fields: rules, append, remove } = useFieldArray({ control, name: field.name as never });
  const errors = (formState.errors as FieldErrors)[field.name] as unknown as FieldErrors[] | undefined;
  const id = (i: number, name: string) => `${idPrefix}-${field.name}-${i}-${name}`;
  return (
    <fieldset
      disabled={formState.disabled}
      className="rounded-lg border border-line p-3"
      data-testid={`${idPrefix}-${field.name}`}
    >
      <legend className="px-1 text-sm font-semibold">{text.field(field.name)}</legend>
      <ol className="space-y-4">
        {rules.map((rule, i) => {
          const own = errors?.[i];
          return (
            <li key={rule.id} className="rounded-md border border-line p-3">
              <p className="mb-2 text-sm font-semibold">{text.own('rules.number', { n: i + 1 })}</p>
              <div className="grid gap-3 desk:grid-cols-3">
                {(['direction', 'protocol', 'action'] as const).map((name) => (
                  <SelectField
                    key={name}
                    id={id(i, name)}
                    label={text.field(name)}
                    error={messageIn(own?.[name])}
                    {...register(`${field.name}.${i}.${name}`)}
                  >
                    {CHOICES[name].map((o) => (
                      <option key={o} value={o}>
                        {text.option(name, o)}
                      </option>
                    ))}
                  </SelectField>
                ))}
                <TextField
                  id={id(i, 'ports')}
                  label={text.field('ports')}
                  hint={text.hint('ports')}
                  error={messageIn(own?.ports)}
                  {...register(`${field.name}.${i}.ports`)}
                />
                <TextField
                  id={id(i, 'cidr')}
                  label={text.field('cidr')}
                  error={messageIn(own?.cidr)}
                  {...register(`${field.name}.${i}.cidr`)}
                />
                {ADMIN_LOCALES.map((l) => (
                  <TextField
                    key={l}
                    id={id(i, `note-${l}`)}
                    label={`${text.field('note')} · ${LOCALE_LABEL[l]}`}
                    lang={l}
                    error={messageIn((own?.note as FieldErrors | undefined)?.[l as never])}
                    {...register(`${field.name}.${i}.note.${l}`)}
                  />
                ))}
              </div>
              <button
                type="button"
                className="mt-2 text-sm font-semibold text-red-700 hover:underline"
                onClick={() => remove(i)}
              >
                {text.own('rules.remove', { n: i + 1 })}
              </button>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" className="mt-3" onClick={() => append(blankRule())}>
        {text.own('rules.add')}
      </Button>
    </fieldset>
  );
};
