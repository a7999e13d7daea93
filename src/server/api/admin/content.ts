import 'server-only';
import { z } from 'zod';
import { MISSING_TRANSLATION_KINDS, TRANSLATED_KINDS } from '@/lib/admin/schemas';
import { recordId } from '@/lib/validation/numbers';
import { revertAuditEntry } from '../../admin/revert';
import { listMissingTranslations } from '../../admin/translations';
import { noFields } from '../input';
import type { ApiRouter } from '../route';

/**
 * The content screens' routes that are no resource's (docs/product/back-office-api.md): the missing-translations
 * view and the audit log's undo.
 */
export function contentRoutes(router: ApiRouter): void {
  router.route(
    {
      method: 'get',
      path: '/admin/translations/missing',
      summary: 'Content the site shows in English to Chinese or Japanese readers, by kind',
      query: z.object({ kind: z.enum(MISSING_TRANSLATION_KINDS, { error: 'api.field.invalid' }).default('all') }),
      response: z.object({
        items: z.array(
          z.object({
            kind: z.enum(TRANSLATED_KINDS),
            id: z.string(),
            title: z.string(),
            missing: z.array(z.enum(['zh', 'ja'])),
          }),
        ),
      }),
      tag: 'Admin: translations',
      auth: 'staff',
      permission: 'readContent',
    },
    async (c, { query }) => ({
      items: await listMissingTranslations(c.get('db'), query.kind === 'all' ? undefined : query.kind),
    }),
  );

  // Anyone signed in may ask; the kind's own write permission is checked inside, with the entry in hand.
  router.route(
    {
      method: 'post',
      path: '/admin/audit/:id/revert',
      summary: 'Put back what an audited change replaced; answers the row as it is now',
      description:
        'Only while the row is still at the version the change left (409 `api.admin.revertStale` with `current`) and once (409 `api.admin.alreadyReverted` with `revertedBy`).',
      params: z.object({ id: recordId }),
      body: noFields,
      response: z.record(z.string(), z.unknown()).nullable(),
      errors: [404, 409],
      tag: 'Admin: audit',
      auth: 'staff',
      permission: 'signedIn',
    },
    (c, { params }) => revertAuditEntry(c.get('db'), c.get('staff'), params.id),
  );
}
