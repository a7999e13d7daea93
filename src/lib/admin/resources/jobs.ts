import { z } from 'zod';
import { defineResource, localizedLinesRow, localizedRow, versioned } from '../resource';
import { EMPLOYMENT_TYPES, jobInput } from '../schemas';

const blankText = () => ({ en: '', zh: '', ja: '' });
const blankLines = () => ({ en: [], zh: [], ja: [] });

/** Job openings on the careers page (docs/product/back-office-api.md). */
export const jobsResource = defineResource({
  name: 'jobs',
  path: '/jobs',
  nav: { section: 'content' },
  audit: 'job',
  table: 'jobs',
  changes: ['jobs'],
  key: { field: 'id', type: 'number' },
  input: jobInput,
  row: z.object({
    id: z.number().int(),
    department: z.string(),
    location: z.string(),
    employmentType: z.enum(EMPLOYMENT_TYPES),
    title: localizedRow,
    summary: localizedRow,
    responsibilities: localizedLinesRow,
    requirements: localizedLinesRow,
    postedAt: z.string(),
    active: z.boolean(),
    ...versioned,
  }),
  access: { read: 'readContent', write: 'editContent', delete: 'editContent' },
  undo: true,
  list: { sorts: ['postedAt', 'id'], order: { sort: 'postedAt', dir: 'desc' }, search: true },
  columns: [
    { name: 'title', format: 'localized' },
    { name: 'department', format: 'code' },
    { name: 'location', format: 'code' },
    { name: 'employmentType', format: 'option' },
    { name: 'postedAt', format: 'date', sort: 'postedAt' },
    { name: 'active', format: 'boolean' },
  ],
  fields: [
    { name: 'title', kind: 'localized' },
    { name: 'summary', kind: 'localized', multiline: true },
    { name: 'responsibilities', kind: 'localizedLines' },
    { name: 'requirements', kind: 'localizedLines' },
    { name: 'department', kind: 'reference', source: 'jobDepartments' },
    { name: 'location', kind: 'reference', source: 'jobLocations' },
    { name: 'employmentType', kind: 'select', options: EMPLOYMENT_TYPES },
    { name: 'postedAt', kind: 'datetime' },
    { name: 'active', kind: 'checkbox' },
  ],
  blank: () => ({
    title: blankText(),
    summary: blankText(),
    responsibilities: blankLines(),
    requirements: blankLines(),
    department: '',
    location: '',
    employmentType: 'full-time' as const,
    postedAt: new Date().toISOString(),
    active: true,
  }),
  title: 'title',
});
