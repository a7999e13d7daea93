import { z } from 'zod';
import { defineResource, localizedRow } from '../../resource';
import { blankText, catalogKind, described, localized, ordered, orderedList } from './common';

export const RULE_DIRECTIONS = ['ingress', 'egress'] as const;
export const RULE_PROTOCOLS = ['tcp', 'udp', 'icmp', 'all'] as const;
export const RULE_ACTIONS = ['accept', 'drop'] as const;

/** Ports as the public rule reads them: `all`, one port, `80/443` (either), or a range `8000-8080`. */
const PORTS = /^(all|\d{1,5}(-\d{1,5})?(\/\d{1,5}(-\d{1,5})?)*)$/;
const CIDR = /^((\d{1,3}\.){3}\d{1,3}\/\d{1,2}|[0-9a-fA-F:]+\/\d{1,3})$/;

export const securityRuleInput = z
  .object({
    direction: z.enum(RULE_DIRECTIONS, { error: 'api.field.invalid' }),
    protocol: z.enum(RULE_PROTOCOLS, { error: 'api.field.invalid' }),
    ports: z
      .string({ error: 'api.field.required' })
      .trim()
      .regex(PORTS, { error: 'api.admin.catalogPortsInvalid' })
      .refine((v) => v === 'all' || v.split(/[/-]/).every((p) => Number(p) >= 1 && Number(p) <= 65_535), {
        error: 'api.admin.catalogPortsInvalid',
      }),
    cidr: z.string({ error: 'api.field.required' }).trim().regex(CIDR, { error: 'api.admin.catalogCidrInvalid' }),
    action: z.enum(RULE_ACTIONS, { error: 'api.field.invalid' }),
    note: localized(120),
  })
  .superRefine((rule, ctx) => {
    // ICMP has no ports: a port on it would read as a rule that filters something it cannot.
    if (rule.protocol === 'icmp' && rule.ports !== 'all') {
      ctx.addIssue({ code: 'custom', path: ['ports'], message: 'api.admin.catalogPortsInvalid' });
    }
  });

/** A new rule as the rules editor adds it. */
export const blankRule = () => ({
  direction: 'ingress' as const,
  protocol: 'tcp' as const,
  ports: '',
  cidr: '0.0.0.0/0',
  action: 'accept' as const,
  note: blankText(),
});

/**
 * The official firewall templates customers can start from, with their rules in the order they apply (drawn by
 * the `securityGroupRules` part of the form, src/components/admin/catalog/security-rules-field.tsx).
 */
export const securityGroupsResource = defineResource({
  ...catalogKind('security-groups', 'securityGroup', 'securityGroups'),
  input: z.object({
    ...described.input,
    ...ordered.input,
    rules: z.array(securityRuleInput, { error: 'api.field.invalid' }).max(50, { error: 'api.field.tooLong' }),
  }),
  row: z.object({
    ...described.row,
    ...ordered.row,
    rules: z.array(
      z.object({
        direction: z.enum(RULE_DIRECTIONS),
        protocol: z.enum(RULE_PROTOCOLS),
        ports: z.string(),
        cidr: z.string(),
        action: z.enum(RULE_ACTIONS),
        note: localizedRow,
      }),
    ),
  }),
  list: orderedList,
  columns: [...described.columns, ...ordered.columns],
  fields: [...described.fields, ...ordered.fields, { name: 'rules', kind: 'custom', component: 'securityGroupRules' }],
  blank: () => ({ ...described.blank(), ...ordered.blank, rules: [] }),
  title: 'name',
});
