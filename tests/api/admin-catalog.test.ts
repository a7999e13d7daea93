import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarationNamed, declarationsUnder } from '../../src/lib/admin/resources';
import {
  auditLog,
  diskProducts,
  imageRegions,
  orders,
  pintuanOffers,
  planRegions,
  regions,
  saleActivities,
  saleItems,
} from '../../src/server/db/schema';
import { call } from '../support/api';
import { signedInCustomer } from '../support/factories';
import { type OwnDatabase, ownDatabase } from '../support/own-database';
import { everyoneSignedIn, type MatrixAction, roleMatrix, type Who } from '../support/staff';

/**
 * The catalog editors' API (docs/product/back-office-catalog.md): who may read and change each kind, the refusals
 * at the field, versions, the audit log and its undo, withdrawal that keeps orders readable, and the public catalog
 * reading a change at once. Each kind is a declared resource (src/lib/admin/resources/catalog/) at
 * /api/admin/catalog/<kind>.
 */
const CATALOG_KINDS = declarationsUnder('/catalog').map((d) => d.name.replace('catalog/', '')) as CatalogKind[];
type CatalogKind =
  | 'regions'
  | 'images'
  | 'product-lines'
  | 'plans'
  | 'disks'
  | 'bandwidth'
  | 'traffic'
  | 'security-groups'
  | 'snapshot-policies'
  | 'quick-sets'
  | 'domain-suffixes'
  | 'reserved-labels';
const inputOf = (kind: CatalogKind) => {
  const declaration = declarationNamed(`catalog/${kind}`);
  if (!declaration) throw new Error(`no catalog kind ${kind}`);
  return declaration.input;
};
/** A row's key: its code, a domain suffix (with its dot) or a reserved name. */
type Item = Record<string, unknown> & { version: number };
const keyOf = (kind: CatalogKind, row: Record<string, unknown>) =>
  String(row[kind === 'domain-suffixes' ? 'suffix' : kind === 'reserved-labels' ? 'label' : 'id']);
// A database of its own: the items made and withdrawn here would change what other files' catalog reads count.
let own: OwnDatabase;
let app: OwnDatabase['app'];
let db: OwnDatabase['db'];
let people: Record<Who, Record<string, string>>;

beforeAll(async () => {
  own = await ownDatabase('admin_catalog');
  app = own.app;
  db = own.db;
  people = await everyoneSignedIn(app, db);
}, 120_000);

afterAll(async () => {
  await own?.drop();
});

const names = (en: string) => ({ en, zh: `${en}（中文）`, ja: `${en}（日本語）` });
let seq = 0;
function unique(prefix: string): string {
  seq += 1;
  return `${prefix}-${Date.now().toString(36)}${seq}`;
}

/** A valid new item of each kind, under a code of its own. */
function sample(kind: CatalogKind): Record<string, unknown> {
  const id = unique('t');
  switch (kind) {
    case 'regions':
      return {
        id,
        countryCode: 'nz',
        country: names('New Zealand'),
        city: names('Auckland'),
        networkNote: names('Southern Cross cable.'),
        testIp: '203.0.113.99',
        active: false,
      };
    case 'images':
      return { id, family: 'ubuntu', name: 'Ubuntu Test', release: '99.04', minDiskGb: 20, regions: ['tokyo'] };
    case 'product-lines':
      return { id, name: names('Line'), description: names('A line.') };
    case 'plans':
      return {
        id,
        lineId: 'standard',
        name: names('Plan'),
        cpu: 2,
        memoryMb: 4096,
        diskGb: 60,
        diskType: 'NVMe',
        bandwidthMbps: 100,
        maxBandwidthMbps: 1000,
        trafficGb: 1000,
        active: false,
        regions: [],
      };
    case 'disks':
      return {
        id,
        name: names('Disk'),
        mediaType: 'SSD',
        minGb: 10,
        maxGb: 1000,
        stepGb: 10,
        pricePerGbCents: 9,
        maxIops: 5000,
      };
    case 'bandwidth':
      return { id, mbps: 2000, monthlyPriceCents: 5000 };
    case 'traffic':
      return { id, gb: 3000, monthlyPriceCents: 1200 };
    case 'security-groups':
      return {
        id,
        name: names('Group'),
        description: names('A group.'),
        rules: [
          {
            direction: 'ingress',
            protocol: 'tcp',
            ports: '22',
            cidr: '0.0.0.0/0',
            action: 'accept',
            note: names('SSH'),
          },
        ],
      };
    case 'snapshot-policies':
      return {
        id,
        name: names('Policy'),
        description: names('A policy.'),
        schedule: '0 3 * * 1',
        retainCount: 3,
        monthlyPriceCents: 150,
      };
    case 'quick-sets':
      return { id, name: names('Set'), description: names('A set.'), planId: 'std-1c2g', imageId: 'ubuntu-24.04' };
    case 'domain-suffixes':
      return {
        suffix: `.${id.replace(/-/g, '')}`,
        category: 'new',
        registerPriceCents: 1000,
        renewPriceCents: 1200,
        transferPriceCents: 1100,
      };
    case 'reserved-labels':
      return { label: id };
  }
}

async function create(kind: CatalogKind, item = sample(kind), who: Who = 'manager') {
  const res = await call(app, 'POST', `/api/admin/catalog/${kind}`, { json: item, headers: people[who] });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const made = res.json.message as Item;
  return { ...made, id: keyOf(kind, made) };
}

async function get(kind: CatalogKind, id: string) {
  const res = await call(app, 'GET', `/api/admin/catalog/${kind}/${id}`, { headers: people.support });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.message as Item & { id: string };
}

/** An order a new customer placed for a server: orders name catalog items by id in their configuration. */
async function placeOrder(config: { regionId: string; imageId: string }) {
  const customer = await signedInCustomer({}, db);
  const number = `CC20260101${randomBytes(4).toString('hex').toUpperCase()}`;
  await db.insert(orders).values({
    number,
    userId: customer.user.id,
    idempotencyKey: unique('key'),
    kind: 'vps',
    payBy: new Date(Date.now() + 3_600_000),
    currency: 'USD',
    rate: '1',
    subtotalMinor: 1000,
    discountMinor: 0,
    totalMinor: 1000,
    config: { ...config, planId: 'std-1c2g', months: 1, quantity: 1 },
    lines: [],
  });
  return { customer, number };
}

/** The editable fields of a snapshot: what a form would send back. */
function editable(kind: CatalogKind, row: Record<string, unknown>) {
  const {
    version: _v,
    monthlyPriceCents,
    hourlyPriceMicroUsd: _h,
    hourlyBilling: _b,
    priceAdjustmentPct: _p,
    licenceCentsPerVcpu: _l,
    ...rest
  } = row;
  // Prices of add-ons are the editor's; a plan's are not (the API ignores what it does not take).
  return kind === 'plans' ? rest : { ...rest, ...(monthlyPriceCents === undefined ? {} : { monthlyPriceCents }) };
}

describe('who may read and change the catalog', () => {
  const actions: MatrixAction[] = (['regions', 'productLines', 'plans', 'images', 'disks', 'bandwidth'] as const).map(
    (source) => ({
      name: `GET /api/admin/choices/${source}`,
      allowed: ['owner', 'manager', 'editor', 'support'],
      request: () => ['GET', `/api/admin/choices/${source}`],
    }),
  );
  const ready: Partial<Record<CatalogKind, { ids: string[]; calls: number; versions: number }>> = {};
  beforeAll(async () => {
    for (const kind of CATALOG_KINDS) {
      // Two items for updating and deleting: the owner's call, then the manager's.
      const made = [await create(kind), await create(kind), await create(kind)];
      ready[kind] = { ids: made.map((m) => m.id), calls: 0, versions: 0 };
    }
  }, 120_000);
  for (const kind of CATALOG_KINDS) {
    actions.push(
      {
        name: `GET /api/admin/catalog/${kind}`,
        allowed: ['owner', 'manager', 'editor', 'support'],
        request: () => ['GET', `/api/admin/catalog/${kind}?rows=5&q=t-`],
      },
      {
        name: `GET /api/admin/catalog/${kind}/:id`,
        allowed: ['owner', 'manager', 'editor', 'support'],
        request: () => ['GET', `/api/admin/catalog/${kind}/${ready[kind]?.ids[0]}`],
      },
      {
        name: `POST /api/admin/catalog/${kind}`,
        allowed: ['owner', 'manager'],
        request: () => ['POST', `/api/admin/catalog/${kind}`, sample(kind)],
      },
      {
        name: `DELETE /api/admin/catalog/${kind}/:id`,
        allowed: ['owner', 'manager'],
        // The owner deletes the second item, the manager the third; the others are refused before any lookup.
        request: () => {
          const state = ready[kind];
          if (!state) throw new Error('not ready');
          state.calls += 1;
          const id = state.ids[Math.min(state.calls, 2)];
          return ['DELETE', `/api/admin/catalog/${kind}/${id}?version=1`];
        },
      },
    );
    if (kind !== 'reserved-labels') {
      actions.push({
        name: `PUT /api/admin/catalog/${kind}/:id`,
        allowed: ['owner', 'manager'],
        // Each allowed save moves the version on: the owner saves version 1, the manager version 2.
        request: () => {
          const state = ready[kind];
          if (!state) throw new Error('not ready');
          state.versions += 1;
          const key = kind === 'domain-suffixes' ? 'suffix' : 'id';
          const item = { ...sample(kind), [key]: state.ids[0] };
          return ['PUT', `/api/admin/catalog/${kind}/${state.ids[0]}`, { ...item, version: state.versions }];
        },
      });
    }
  }
  roleMatrix(
    () => app,
    () => people,
    actions,
  );

  it('a reserved name is added or deleted, never changed', async () => {
    const made = await create('reserved-labels');
    expect(made).toEqual({ label: made.id, version: 1, id: made.id });
    const res = await call(app, 'PUT', `/api/admin/catalog/reserved-labels/${made.id}`, {
      json: { label: made.id, version: 1 },
      headers: people.owner,
    });
    expect(res.status).toBe(405);
    expect(res.json).toEqual({ code: 4050, message: 'api.methodNotAllowed' });
  });

  it('the forms choose regions, lines, plans, images, disks and tiers from the catalog, withdrawn ones marked', async () => {
    const res = await call(app, 'GET', '/api/admin/choices/regions', { headers: people.support });
    const items = (res.json.message as { items: { id: string; name: { en: string }; active: boolean }[] }).items;
    expect(items.find((r) => r.id === 'tokyo')).toEqual({
      id: 'tokyo',
      name: expect.objectContaining({ en: 'Tokyo' }),
      active: true,
    });
    const tiers = await call(app, 'GET', '/api/admin/choices/bandwidth', { headers: people.support });
    expect((tiers.json.message as { items: { name: string }[] }).items[0]?.name).toMatch(/^\d+ Mbps$/);
  });
});

describe('the seeded catalog', () => {
  it("every item passes its own editor's schema, so an operator can save any of them as it is", async () => {
    for (const kind of CATALOG_KINDS) {
      for (let page = 1; ; page += 1) {
        const res = await call(app, 'GET', `/api/admin/catalog/${kind}?rows=100&page=${page}`, {
          headers: people.editor,
        });
        const { items, total } = res.json.message as { items: Record<string, unknown>[]; total: number };
        for (const item of items) {
          const parsed = inputOf(kind).safeParse(editable(kind, item));
          expect(parsed.success, `${kind} ${keyOf(kind, item)}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        }
        if (page * 100 >= total) break;
      }
    }
  });
});

describe('refusals at the field, nothing saved', () => {
  it('a negative price, an absurd price, 0 vCPU, a disk whose smallest size is above its largest', async () => {
    const disk = await get('disks', 'disk-nvme');
    const cases: [CatalogKind, Record<string, unknown>, Record<string, string>][] = [
      ['disks', { ...editable('disks', disk), pricePerGbCents: -1 }, { pricePerGbCents: 'api.admin.catalogNegative' }],
      [
        'disks',
        { ...editable('disks', disk), pricePerGbCents: 50_000 },
        { pricePerGbCents: 'api.admin.catalogPriceTooHigh' },
      ],
      ['disks', { ...editable('disks', disk), minGb: 500, maxGb: 100 }, { minGb: 'api.admin.catalogMinAboveMax' }],
    ];
    for (const [kind, body, fields] of cases) {
      const res = await call(app, 'PUT', `/api/admin/catalog/${kind}/${body.id}`, {
        json: { ...body, version: disk.version },
        headers: people.manager,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(422);
      expect(res.json.fields).toEqual(fields);
    }
    expect(await get('disks', 'disk-nvme')).toEqual(disk);

    const plan: Record<string, unknown> = { ...sample('plans'), cpu: 0 };
    const zero = await call(app, 'POST', '/api/admin/catalog/plans', { json: plan, headers: people.manager });
    expect(zero.status).toBe(422);
    expect(zero.json.fields).toEqual({ cpu: 'api.admin.catalogCpuTooFew' });
    expect((await call(app, 'GET', `/api/admin/catalog/plans/${plan.id}`, { headers: people.manager })).status).toBe(
      404,
    );

    const bandwidth = await call(app, 'POST', '/api/admin/catalog/bandwidth', {
      json: { ...sample('bandwidth'), monthlyPriceCents: 10_000_000 },
      headers: people.manager,
    });
    expect(bandwidth.json.fields).toEqual({ monthlyPriceCents: 'api.admin.catalogPriceTooHigh' });
    const suffix = await call(app, 'POST', '/api/admin/catalog/domain-suffixes', {
      json: { ...sample('domain-suffixes'), renewPriceCents: -100 },
      headers: people.manager,
    });
    expect(suffix.json.fields).toEqual({ renewPriceCents: 'api.admin.catalogNegative' });
  });

  it('a duplicate code, suffix or reserved name', async () => {
    const disk = await call(app, 'POST', '/api/admin/catalog/disks', {
      json: { ...sample('disks'), id: 'disk-nvme' },
      headers: people.manager,
    });
    expect(disk.status).toBe(422);
    expect(disk.json.fields).toEqual({ id: 'api.admin.duplicate' });
    const suffix = await call(app, 'POST', '/api/admin/catalog/domain-suffixes', {
      json: { ...sample('domain-suffixes'), suffix: 'COM' },
      headers: people.manager,
    });
    expect(suffix.json.fields).toEqual({ suffix: 'api.admin.duplicate' });
    const label = await call(app, 'POST', '/api/admin/catalog/reserved-labels', {
      json: { label: 'whois' },
      headers: people.manager,
    });
    expect(label.json.fields).toEqual({ label: 'api.admin.duplicate' });
    // Its name in English is still the seeded one: nothing was written over it.
    expect(((await get('disks', 'disk-nvme')).name as { en: string }).en).toBe('NVMe SSD volume');
  });

  it('the code chosen at creation cannot be changed by a save', async () => {
    const made = await create('traffic');
    const res = await call(app, 'PUT', `/api/admin/catalog/traffic/${made.id}`, {
      json: { ...editable('traffic', made), id: `${made.id}-renamed`, version: made.version },
      headers: people.manager,
    });
    expect(res.json.fields).toEqual({ id: 'api.admin.keyFixed' });
  });

  it('a plan withdrawn from every region, or from the region a sale sells it in, while the sale runs or is to come', async () => {
    const [activity] = await db
      .insert(saleActivities)
      .values({
        name: names('Winter sale'),
        description: names('Cheaper servers.'),
        startsAt: new Date(Date.now() + 86_400_000),
        endsAt: new Date(Date.now() + 7 * 86_400_000),
      })
      .returning();
    if (!activity) throw new Error('no activity');
    await db.insert(saleItems).values({
      activityId: activity.id,
      planId: 'std-4c8g',
      regionId: 'tokyo',
      months: 12,
      salePriceCents: 3000,
      stockTotal: 10,
      stockLeft: 10,
    });
    const plan = await get('plans', 'std-4c8g');
    const offered = plan.regions as string[];
    expect(offered).toContain('tokyo');

    for (const regions of [[], offered.filter((r) => r !== 'tokyo')]) {
      const res = await call(app, 'PUT', '/api/admin/catalog/plans/std-4c8g', {
        json: { ...editable('plans', plan), regions, version: plan.version },
        headers: people.manager,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(422);
      expect(res.json.fields).toEqual({ regions: 'api.admin.catalogPlanInSale' });
      expect(((res.json as Record<string, unknown>).sale as { name: { en: string } }).name.en).toBe('Winter sale');
    }
    const off = await call(app, 'PUT', '/api/admin/catalog/plans/std-4c8g', {
      json: { ...editable('plans', plan), active: false, version: plan.version },
      headers: people.manager,
    });
    expect(off.json.fields).toEqual({ regions: 'api.admin.catalogPlanInSale' });
    const rows = await db.select().from(planRegions).where(eq(planRegions.planId, 'std-4c8g'));
    expect(rows.map((r) => r.regionId).sort()).toEqual([...offered].sort());

    // Another region may go: the sale's stays.
    const other = offered.find((r) => r !== 'tokyo');
    const fine = await call(app, 'PUT', '/api/admin/catalog/plans/std-4c8g', {
      json: { ...editable('plans', plan), regions: offered.filter((r) => r !== other), version: plan.version },
      headers: people.manager,
    });
    expect(fine.status, JSON.stringify(fine.json)).toBe(200);

    // Once the sale has ended, the plan may leave Tokyo.
    await db
      .update(saleActivities)
      .set({ startsAt: new Date(Date.now() - 7 * 86_400_000), endsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(saleActivities.id, activity.id));
    const now = await get('plans', 'std-4c8g');
    const later = await call(app, 'PUT', '/api/admin/catalog/plans/std-4c8g', {
      json: { ...editable('plans', now), regions: ['osaka'], version: now.version },
      headers: people.manager,
    });
    expect(later.status, JSON.stringify(later.json)).toBe(200);
  });

  it('a plan without a price cannot be offered', async () => {
    const made = await create('plans');
    const res = await call(app, 'PUT', `/api/admin/catalog/plans/${made.id}`, {
      json: { ...editable('plans', made), active: true, regions: ['tokyo'], version: made.version },
      headers: people.manager,
    });
    expect(res.json.fields).toEqual({ active: 'api.admin.catalogPlanUnpriced' });
  });

  it('bad references: an unknown region, a disk size outside the disk, an image larger than the plan', async () => {
    const image = await call(app, 'POST', '/api/admin/catalog/images', {
      json: { ...sample('images'), regions: ['atlantis'] },
      headers: people.manager,
    });
    expect(image.json.fields).toEqual({ regions: 'api.admin.catalogUnknownRegion' });
    const set = await call(app, 'POST', '/api/admin/catalog/quick-sets', {
      json: { ...sample('quick-sets'), dataDiskId: 'disk-nvme', dataDiskGb: 5 },
      headers: people.manager,
    });
    expect(set.json.fields).toEqual({ dataDiskGb: 'api.admin.catalogDiskSizeOutside' });
    const windows = await call(app, 'POST', '/api/admin/catalog/quick-sets', {
      json: { ...sample('quick-sets'), planId: 'std-1c1g', imageId: 'windows-2022' },
      headers: people.manager,
    });
    expect(windows.json.fields).toEqual({ imageId: 'api.admin.catalogImageTooBig' });
  });
});

describe('versions and the audit log', () => {
  it('a save over a newer version answers 409 with the row as it is now; each change is audited', async () => {
    const made = await create('snapshot-policies');
    const first = await call(app, 'PUT', `/api/admin/catalog/snapshot-policies/${made.id}`, {
      json: { ...editable('snapshot-policies', made), monthlyPriceCents: 175, version: made.version },
      headers: people.owner,
    });
    expect(first.status).toBe(200);
    const stale = await call(app, 'PUT', `/api/admin/catalog/snapshot-policies/${made.id}`, {
      json: { ...editable('snapshot-policies', made), monthlyPriceCents: 999, version: made.version },
      headers: people.manager,
    });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({
      code: 4090,
      message: 'api.admin.staleVersion',
      current: { id: made.id, version: 2, monthlyPriceCents: 175 },
    });
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'snapshotPolicy'), eq(auditLog.entityId, made.id)))
      .orderBy(desc(auditLog.id));
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(entries[0]?.before).toMatchObject({ monthlyPriceCents: 150, version: 1 });
    expect(entries[0]?.after).toMatchObject({ monthlyPriceCents: 175, version: 2 });
  });

  it('every change is announced on the bus, once committed', async () => {
    const listener = new pg.Client({ connectionString: own.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('LISTEN cirrus_changes');
    await create('bandwidth');
    await expect.poll(() => heard.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(JSON.parse(heard[0] ?? '{}').kinds).toEqual(['catalog', 'prices']);
    await listener.end();
  });
});

describe('withdrawing, deleting and the public catalog', () => {
  it('a public catalog read after a change shows it at once, on the same app', async () => {
    const before = await call(app, 'GET', '/api/cvm/disk/getDiskProduct?language=en');
    const list = before.json.message as { id: string; pricePerGbCents: number }[];
    expect(list.find((d) => d.id === 'disk-ssd')?.pricePerGbCents).toBe(8);
    const disk = await get('disks', 'disk-ssd');
    const saved = await call(app, 'PUT', '/api/admin/catalog/disks/disk-ssd', {
      json: { ...editable('disks', disk), pricePerGbCents: 11, version: disk.version },
      headers: people.manager,
    });
    expect(saved.status).toBe(200);
    const after = await call(app, 'GET', '/api/cvm/disk/getDiskProduct?language=en');
    expect((after.json.message as typeof list).find((d) => d.id === 'disk-ssd')?.pricePerGbCents).toBe(11);

    // Withdrawn: gone from the public list and refused by the quote, still in the back office.
    const withdrawn = await call(app, 'PUT', '/api/admin/catalog/disks/disk-ssd', {
      json: { ...editable('disks', disk), pricePerGbCents: 11, active: false, version: disk.version + 1 },
      headers: people.manager,
    });
    expect(withdrawn.status).toBe(200);
    const gone = await call(app, 'GET', '/api/cvm/disk/getDiskProduct?language=en');
    expect((gone.json.message as typeof list).map((d) => d.id)).not.toContain('disk-ssd');
    const quote = await call(app, 'POST', '/api/product/cvm/quote', {
      json: {
        regionId: 'tokyo',
        planId: 'std-1c2g',
        imageId: 'ubuntu-24.04',
        dataDisks: [{ diskId: 'disk-ssd', sizeGb: 20 }],
        currency: 'USD',
      },
    });
    expect(quote.json.fields ?? quote.json).toMatchObject({ 'dataDisks.0.diskId': 'api.field.invalid' });
    const listed = await call(app, 'GET', '/api/admin/catalog/disks?status=withdrawn', { headers: people.support });
    expect((listed.json.message as { items: { id: string }[] }).items.map((d) => d.id)).toContain('disk-ssd');
  });

  it('an image withdrawn from a region leaves that region only; an order that used it stays readable', async () => {
    const { customer, number } = await placeOrder({ regionId: 'singapore', imageId: 'debian-12' });
    const image = await get('images', 'debian-12');
    const regions = image.regions as string[];
    expect(regions).toContain('singapore');
    const publicIds = async (regionId: string) => {
      const res = await call(app, 'GET', `/api/cvm/get/image?regionId=${regionId}`);
      return (res.json.message as { images: { id: string }[] }[]).flatMap((f) => f.images.map((i) => i.id));
    };
    expect(await publicIds('singapore')).toContain('debian-12');

    const saved = await call(app, 'PUT', '/api/admin/catalog/images/debian-12', {
      json: { ...editable('images', image), regions: regions.filter((r) => r !== 'singapore'), version: image.version },
      headers: people.manager,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(await publicIds('singapore')).not.toContain('debian-12');
    expect(await publicIds('tokyo')).toContain('debian-12');
    const offers = await db.select().from(imageRegions).where(eq(imageRegions.imageId, 'debian-12'));
    expect(offers.map((o) => o.regionId)).not.toContain('singapore');

    // Deleting it is refused (orders use it): withdrawing is the way.
    const del = await call(app, 'DELETE', `/api/admin/catalog/images/debian-12?version=${image.version + 1}`, {
      headers: people.manager,
    });
    expect(del.status).toBe(409);
    expect(del.json).toEqual({ code: 4090, message: 'api.admin.catalogUsedByOrders' });

    const order = await call(app, 'POST', '/api/finance/order-server/order/get', {
      json: { number },
      headers: customer.headers,
    });
    expect(order.status, JSON.stringify(order.json)).toBe(200);
    expect((order.json.message as { server: { image: string } }).server.image).toBe('Debian 12 (Bookworm)');
  });

  it('deleting what orders, sales or quick sets use is refused; what nothing uses goes', async () => {
    const plan = await get('plans', 'std-1c2g');
    const used = await call(app, 'DELETE', `/api/admin/catalog/plans/std-1c2g?version=${plan.version}`, {
      headers: people.owner,
    });
    expect(used.status).toBe(409);
    expect([
      'api.admin.catalogUsedByOrders',
      'api.admin.catalogUsedBySale',
      'api.admin.catalogUsedByQuickSet',
    ]).toContain(used.json.message);
    const line = await get('product-lines', 'standard');
    const withPlans = await call(app, 'DELETE', `/api/admin/catalog/product-lines/standard?version=${line.version}`, {
      headers: people.owner,
    });
    expect(withPlans.json).toEqual({ code: 4090, message: 'api.admin.catalogLineHasPlans' });

    const made = await create('disks');
    const stale = await call(app, 'DELETE', `/api/admin/catalog/disks/${made.id}?version=${made.version + 1}`, {
      headers: people.owner,
    });
    expect(stale.status).toBe(409);
    const gone = await call(app, 'DELETE', `/api/admin/catalog/disks/${made.id}?version=${made.version}`, {
      headers: people.owner,
    });
    expect(gone.status).toBe(200);
    expect(await db.select().from(diskProducts).where(eq(diskProducts.id, made.id))).toEqual([]);
  });
});

describe('undo, prices of other screens, and references the checks do not know', () => {
  it("a plan's own price in a region it stays in survives a save of the plan", async () => {
    const plan = await get('plans', 'std-2c4g');
    const offered = plan.regions as string[];
    const [kept, dropped] = offered;
    if (!kept || !dropped) throw new Error('the seeded plan is offered in fewer than two regions');
    await db
      .update(planRegions)
      .set({ monthlyPriceCents: 1234, hourlyPriceMicroUsd: 1700 })
      .where(and(eq(planRegions.planId, 'std-2c4g'), eq(planRegions.regionId, kept)));
    const saved = await call(app, 'PUT', '/api/admin/catalog/plans/std-2c4g', {
      json: { ...editable('plans', plan), regions: offered.filter((r) => r !== dropped), version: plan.version },
      headers: people.manager,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const rows = await db.select().from(planRegions).where(eq(planRegions.planId, 'std-2c4g'));
    expect(rows.map((r) => r.regionId)).not.toContain(dropped);
    expect(rows.find((r) => r.regionId === kept)).toMatchObject({ monthlyPriceCents: 1234, hourlyPriceMicroUsd: 1700 });
  });

  it('a change is undone from the audit log, its regions with it; undoing a creation an order uses is refused', async () => {
    const image = await create('images', { ...sample('images'), regions: ['tokyo', 'osaka'] });
    const saved = await call(app, 'PUT', `/api/admin/catalog/images/${image.id}`, {
      json: { ...editable('images', image), name: 'Renamed', regions: ['osaka'], version: image.version },
      headers: people.manager,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'image'), eq(auditLog.entityId, image.id)))
      .orderBy(desc(auditLog.id));
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    const undone = await call(app, 'POST', `/api/admin/audit/${entries[0]?.id}/revert`, {
      json: {},
      headers: people.owner,
    });
    expect(undone.status, JSON.stringify(undone.json)).toBe(200);
    expect(await get('images', image.id)).toMatchObject({ name: 'Ubuntu Test', regions: ['osaka', 'tokyo'] });

    // Taking back the creation of an image an order names would delete what the order reads: refused.
    const used = await create('images');
    await placeOrder({ regionId: 'tokyo', imageId: used.id });
    const [creation] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'image'), eq(auditLog.entityId, used.id)));
    const refused = await call(app, 'POST', `/api/admin/audit/${creation?.id}/revert`, {
      json: {},
      headers: people.owner,
    });
    expect(refused.json).toEqual({ code: 4090, message: 'api.admin.catalogUsedByOrders' });
    expect(await get('images', used.id)).toMatchObject({ version: 1 });
  });

  it('an undo is held to the rules a save is: it cannot take a plan out of the region a sale now sells it in', async () => {
    const plan = await create('plans', { ...sample('plans'), regions: ['tokyo'] });
    const saved = await call(app, 'PUT', `/api/admin/catalog/plans/${plan.id}`, {
      json: { ...editable('plans', plan), regions: ['osaka', 'tokyo'], version: plan.version },
      headers: people.manager,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const [activity] = await db
      .insert(saleActivities)
      .values({
        name: names('Spring sale'),
        description: names('Cheaper servers.'),
        startsAt: new Date(Date.now() - 86_400_000),
        endsAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    if (!activity) throw new Error('no activity');
    await db.insert(saleItems).values({
      activityId: activity.id,
      planId: plan.id,
      regionId: 'osaka',
      months: 12,
      salePriceCents: 3000,
      stockTotal: 10,
      stockLeft: 10,
    });
    const [change] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'plan'), eq(auditLog.entityId, plan.id), eq(auditLog.action, 'update')));
    const refused = await call(app, 'POST', `/api/admin/audit/${change?.id}/revert`, {
      json: {},
      headers: people.owner,
    });
    expect(refused.status).toBe(422);
    expect(refused.json.fields).toEqual({ regions: 'api.admin.catalogPlanInSale' });
    expect((await get('plans', plan.id)).regions).toEqual(['osaka', 'tokyo']);
  });

  it('a delete a foreign key refuses (a group-buy offer in the region) answers 409 and changes nothing', async () => {
    const region = await create('regions');
    await db.insert(pintuanOffers).values({
      name: names('Group'),
      planId: 'std-1c2g',
      regionId: region.id,
      months: 12,
      groupSize: 3,
      groupPriceCents: 1000,
      groupHours: 24,
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 86_400_000),
    });
    const res = await call(app, 'DELETE', `/api/admin/catalog/regions/${region.id}?version=${region.version}`, {
      headers: people.manager,
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ code: 4090, message: 'api.admin.inUse' });
    expect(await db.select({ id: regions.id }).from(regions).where(eq(regions.id, region.id))).toHaveLength(1);
  });
});
