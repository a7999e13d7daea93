'use client';

import { SecurityRulesField } from '../catalog/security-rules-field';
import { RateHistoryField } from '../prices/rate-history';
// The editors' texts in three languages with their previews register themselves (announcements, articles).
import '../content-texts';
import { registerCustomField } from './fields';

/**
 * The parts of forms only one resource has, by the name its declaration's `custom` field gives
 * (src/lib/admin/resource.ts). Loaded with the resource screen, so every such part is known before a form draws.
 */
registerCustomField('securityGroupRules', SecurityRulesField);
registerCustomField('rateHistory', RateHistoryField);
