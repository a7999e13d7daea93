import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { plans } from '../../src/server/db/schema';
import { call, testApp, testDb } from '../support/api';

const app = testApp();
const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

afterAll(async () => {
  await testDb().$client.end();
});

/** GETs a catalogue path and checks the success envelope and the one-minute public cache. */
async function list<T>(path: string, headers: Record<string, string> = {}): Promise<T[]> {
  const res = await call(app, 'GET', path, { headers });
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  expect(res.json.code).toBe(2000);
  expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  expect(Array.isArray(res.json.message)).toBe(true);
  return res.json.message as T[];
}

type Region = { id: string; countryCode: string; country: string; city: string; networkNote: string; testIp: string };
type ImageFamily = {
  family: string;
  images: { id: string; name: string; version: string; arch: string; minDiskGb: number }[];
};
type Plan = {
  id: string;
  name: string;
  cpu: number;
  cpuModel: string;
  memoryMb: number;
  diskGb: number;
  diskType: string;
  bandwidthMbps: number;
  maxBandwidthMbps: number;
  trafficGb: number;
  monthlyPriceCents: number;
  hourlyPriceMicroUsd: number;
  regions: string[];
};
type ProductLine = { id: string; name: string; description: string; dedicated: boolean; plans: Plan[] };
type QuickSet = {
  id: string;
  name: string;
  description: string;
  planId: string;
  imageId: string;
  dataDiskId: string | null;
  dataDiskGb: number;
  bandwidthTierId: string | null;
};

const imageIds = (families: ImageFamily[]) => families.flatMap((f) => f.images.map((i) => i.id));
const planIds = (lines: ProductLine[]) => lines.flatMap((l) => l.plans.map((p) => p.id));

describe('regions (GET /api/cvm/area/search)', () => {
  it('lists the active regions in display order with their network notes', async () => {
    const regions = await list<Region>('/api/cvm/area/search?language=en');
    expect(regions.map((r) => r.id)).toEqual([
      'hong-kong',
      'tokyo',
      'osaka',
      'singapore',
      'los-angeles',
      'frankfurt',
      'seoul',
      'taipei',
    ]);
    expect(regions[1]).toEqual({
      id: 'tokyo',
      countryCode: 'JP',
      country: 'Japan',
      city: 'Tokyo',
      networkNote: expect.stringContaining('NTT'),
      testIp: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/),
      priceAdjustmentPct: 10,
    });
  });

  it('answers in English, Chinese and Japanese', async () => {
    const en = await list<Region>('/api/cvm/area/search?language=en');
    const zh = await list<Region>('/api/cvm/area/search?language=zh-CN');
    const ja = await list<Region>('/api/cvm/area/search', { cookie: 'NEXT_LOCALE=ja' });
    const la = (l: Region[]) => l.find((r) => r.id === 'los-angeles');
    expect([la(en)?.city, la(zh)?.city, la(ja)?.city]).toEqual(['Los Angeles', '洛杉矶', 'ロサンゼルス']);
    expect(new Set([en, zh, ja].map((l) => l[0]?.networkNote)).size).toBe(3);
    expect(zh.every((r) => HAN.test(r.networkNote))).toBe(true);
    expect(ja.every((r) => KANA.test(r.networkNote))).toBe(true);
  });

  it('varies by cookie and Accept-Language only when the language is not in the query string', async () => {
    const byHeader = await call(app, 'GET', '/api/cvm/area/search', { headers: { 'accept-language': 'zh-CN,zh' } });
    expect((byHeader.json.message as Region[])[0]?.city).toBe('香港');
    expect(byHeader.headers.get('vary')).toMatch(/cookie/i);
    const byQuery = await call(app, 'GET', '/api/cvm/area/search?language=ja');
    expect(byQuery.headers.get('vary')).toBeNull();
  });
});

describe('images (GET /api/cvm/get/image)', () => {
  it('groups the active images by family', async () => {
    const families = await list<ImageFamily>('/api/cvm/get/image');
    expect(families.map((f) => f.family)).toEqual(
      expect.arrayContaining(['ubuntu', 'debian', 'rocky', 'freebsd', 'windows']),
    );
    expect(new Set(families.map((f) => f.family)).size).toBe(families.length);
    const ubuntu = families.find((f) => f.family === 'ubuntu');
    expect(ubuntu?.images[0]).toEqual({
      id: 'ubuntu-24.04',
      name: 'Ubuntu 24.04 LTS',
      version: '24.04',
      arch: 'x86_64',
      minDiskGb: 20,
    });
    expect(imageIds(families)).toContain('freebsd-14');
  });

  it('lists only the images offered in a region', async () => {
    const tokyo = imageIds(await list<ImageFamily>('/api/cvm/get/image?regionId=tokyo'));
    const seoul = await list<ImageFamily>('/api/cvm/get/image?regionId=seoul');
    expect(tokyo).toEqual(expect.arrayContaining(['freebsd-14', 'windows-2022', 'ubuntu-24.04']));
    expect(imageIds(seoul)).toContain('ubuntu-24.04');
    expect(imageIds(seoul)).not.toContain('freebsd-14');
    expect(imageIds(seoul)).not.toContain('windows-2022');
    // A family with nothing left in the region is not listed empty.
    expect(seoul.map((f) => f.family)).not.toContain('windows');
    expect(seoul.every((f) => f.images.length > 0)).toBe(true);
  });

  it('treats an empty regionId as no filter', async () => {
    expect(imageIds(await list<ImageFamily>('/api/cvm/get/image?regionId='))).toContain('freebsd-14');
  });

  it('refuses an unknown region with 4001 naming regionId', async () => {
    const res = await call(app, 'GET', '/api/cvm/get/image?regionId=atlantis');
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ code: 4001, message: 'api.invalidInput', fields: { regionId: 'api.field.invalid' } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('security-group templates (GET /api/cvm/securityGroup/official/search)', () => {
  it('lists templates with their rules in each language', async () => {
    const en = await list<{ id: string; name: string; description: string; rules: Record<string, string>[] }>(
      '/api/cvm/securityGroup/official/search?language=en',
    );
    const zh = await list<typeof en extends (infer T)[] ? T : never>(
      '/api/cvm/securityGroup/official/search?language=zh',
    );
    const web = en.find((g) => g.id === 'web-server');
    expect(web?.name).toBe('Web server');
    expect(web?.rules.length).toBeGreaterThan(1);
    expect(Object.keys(web?.rules[0] ?? {}).sort()).toEqual([
      'action',
      'cidr',
      'direction',
      'note',
      'ports',
      'protocol',
    ]);
    expect(web?.rules).toContainEqual(
      expect.objectContaining({ direction: 'ingress', protocol: 'tcp', ports: '22', action: 'accept' }),
    );
    expect(zh.map((g) => g.id)).toEqual(en.map((g) => g.id));
    expect(zh.find((g) => g.id === 'web-server')?.rules[0]?.note).not.toBe(web?.rules[0]?.note);
    expect(zh.every((g) => HAN.test(g.description))).toBe(true);
  });
});

describe('disk products (GET /api/cvm/disk/getDiskProduct)', () => {
  it('lists volume types with their size range and price per GB in cents', async () => {
    const disks = await list<Record<string, unknown>>('/api/cvm/disk/getDiskProduct?language=en');
    expect(disks[0]).toEqual({
      id: 'disk-nvme',
      name: 'NVMe SSD volume',
      mediaType: 'NVMe',
      minGb: 10,
      maxGb: 4000,
      stepGb: 10,
      pricePerGbCents: 10,
      maxIops: 50000,
    });
    const ja = await list<{ name: string }>('/api/cvm/disk/getDiskProduct?language=ja');
    expect(ja[0]?.name).not.toBe(disks[0]?.name);
  });
});

describe('bandwidth tiers (GET /api/cvm/user/getBand)', () => {
  it('lists every tier with its monthly price in cents', async () => {
    const tiers = await list<{ id: string; mbps: number; monthlyPriceCents: number }>('/api/cvm/user/getBand');
    expect(tiers.map((t) => t.mbps)).toEqual([100, 200, 300, 500, 800, 1000]);
    expect(tiers[1]).toEqual({ id: 'bw-200', mbps: 200, monthlyPriceCents: 300 });
  });

  it("stops at a small plan's port limit", async () => {
    const [plan] = await testDb().select().from(plans).where(eq(plans.id, 'std-1c1g'));
    const all = await list<{ mbps: number }>('/api/cvm/user/getBand');
    const tiers = await list<{ mbps: number }>('/api/cvm/user/getBand?planId=std-1c1g');
    expect(plan).toBeDefined();
    expect(tiers.length).toBeGreaterThan(0);
    expect(tiers.length).toBeLessThan(all.length);
    expect(tiers).toEqual(all.filter((t) => t.mbps <= (plan?.maxBandwidthMbps ?? 0)));
  });

  it('lists every tier for a plan whose limit is above them all', async () => {
    const tiers = await list<{ mbps: number }>('/api/cvm/user/getBand?planId=ded-e2388g');
    expect(tiers).toHaveLength(6);
  });

  it('refuses an unknown plan with 4001 naming planId', async () => {
    const res = await call(app, 'GET', '/api/cvm/user/getBand?planId=no-such-plan');
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ code: 4001, message: 'api.invalidInput', fields: { planId: 'api.field.invalid' } });
  });
});

describe('traffic packages (GET /api/cvm/user/getFlow)', () => {
  it('lists the packages with their monthly price in cents', async () => {
    const packages = await list<{ id: string; gb: number; monthlyPriceCents: number }>('/api/cvm/user/getFlow');
    expect(packages[0]).toEqual({ id: 'traffic-500g', gb: 500, monthlyPriceCents: 300 });
    expect(packages.map((p) => p.gb)).toEqual([500, 1000, 2000, 5000, 10000]);
  });
});

describe('product lines and plans (GET /api/cvm/user/product)', () => {
  it('lists each line with its plans, prices from the lowest region (LA and Frankfurt: no adjustment)', async () => {
    const lines = await list<ProductLine>('/api/cvm/user/product?language=en');
    expect(lines.map((l) => l.id)).toEqual(['standard', 'performance', 'storage', 'dedicated']);
    expect(lines.find((l) => l.id === 'dedicated')?.dedicated).toBe(true);
    const standard = lines[0];
    expect(standard?.name).toBe('Standard');
    // Every field as stored; the price is the lowest region's (docs/decisions/036-pricing-model.md), in USD: the
    // price code converts, this API does not.
    const [stored] = await testDb().select().from(plans).where(eq(plans.id, 'std-1c1g'));
    expect(standard?.plans[0]).toEqual({
      id: 'std-1c1g',
      name: stored?.name.en,
      cpu: stored?.cpu,
      cpuModel: stored?.cpuModel,
      memoryMb: stored?.memoryMb,
      diskGb: stored?.diskGb,
      diskType: stored?.diskType,
      bandwidthMbps: stored?.bandwidthMbps,
      maxBandwidthMbps: stored?.maxBandwidthMbps,
      trafficGb: stored?.trafficGb,
      monthlyPriceCents: stored?.monthlyPriceCents,
      hourlyPriceMicroUsd: stored?.hourlyPriceMicroUsd,
      listPriceCents: stored?.monthlyPriceCents,
      // Each region's price by its adjustment (docs/decisions/036-pricing-model.md): no plan has its own here.
      monthlyByRegion: {
        'hong-kong': 600,
        tokyo: 550,
        osaka: 550,
        singapore: 550,
        'los-angeles': 500,
        frankfurt: 500,
        seoul: 575,
        taipei: 575,
      },
      hourlyBilling: true,
      regions: ['hong-kong', 'tokyo', 'osaka', 'singapore', 'los-angeles', 'frankfurt', 'seoul', 'taipei'],
    });
    expect(Number.isInteger(stored?.monthlyPriceCents)).toBe(true);
    const gold = lines.flatMap((l) => l.plans).find((p) => p.id === 'ded-gold6430');
    expect(gold?.regions).toEqual(['hong-kong', 'los-angeles', 'frankfurt']);
  });

  it('lists only the plans sold in a region and drops lines left empty', async () => {
    const tokyo = await list<ProductLine>('/api/cvm/user/product?regionId=tokyo');
    const seoul = await list<ProductLine>('/api/cvm/user/product?regionId=seoul');
    expect(planIds(tokyo)).toContain('ded-e2388g');
    expect(planIds(tokyo)).not.toContain('ded-gold6430');
    expect(seoul.map((l) => l.id)).toEqual(['standard', 'performance']);
    expect(planIds(seoul)).not.toContain('perf-8c16g');
    for (const plan of [...tokyo, ...seoul].flatMap((l) => l.plans)) expect(plan.regions.length).toBeGreaterThan(0);
    expect(tokyo.flatMap((l) => l.plans).every((p) => p.regions.includes('tokyo'))).toBe(true);
  });

  it('narrows to one line', async () => {
    const lines = await list<ProductLine>('/api/cvm/user/product?line=dedicated&regionId=hong-kong');
    expect(lines.map((l) => l.id)).toEqual(['dedicated']);
    expect(lines[0]?.plans).toHaveLength(4);
    expect(await list<ProductLine>('/api/cvm/user/product?line=storage&regionId=taipei')).toEqual([]);
  });

  it('translates line and plan names', async () => {
    const names = await Promise.all(
      ['en', 'zh', 'ja'].map(async (language) => {
        const lines = await list<ProductLine>(`/api/cvm/user/product?language=${language}`);
        return [lines[3]?.name, lines[3]?.description, lines[0]?.plans[0]?.name];
      }),
    );
    expect(names.map((n) => n[0])).toEqual(['Dedicated Servers', '独立服务器', '専用サーバー']);
    for (const i of [1, 2]) expect(new Set(names.map((n) => n[i])).size).toBe(3);
  });

  it('refuses an unknown region or line with 4001 naming the field', async () => {
    const region = await call(app, 'GET', '/api/cvm/user/product?regionId=mars');
    expect(region.status).toBe(422);
    expect(region.json.fields).toEqual({ regionId: 'api.field.invalid' });
    const line = await call(app, 'GET', '/api/cvm/user/product?line=quantum');
    expect(line.status).toBe(422);
    expect(line.json.fields).toEqual({ line: 'api.field.invalid' });
  });
});

describe('quick sets (GET /api/product/cvm/fastSet/search)', () => {
  it('lists the quick sets with their plan, image and add-ons', async () => {
    const sets = await list<QuickSet>('/api/product/cvm/fastSet/search?language=en');
    expect(sets.map((s) => s.id)).toEqual([
      'wordpress-blog',
      'small-business',
      'game-server',
      'dev-box',
      'file-backup',
    ]);
    expect(sets[1]).toEqual({
      id: 'small-business',
      name: 'Small business website',
      description: expect.stringContaining('AlmaLinux 9'),
      planId: 'std-2c4g',
      imageId: 'almalinux-9',
      dataDiskId: 'disk-ssd',
      dataDiskGb: 100,
      bandwidthTierId: 'bw-500',
    });
    expect(sets[0]).toMatchObject({ dataDiskId: null, bandwidthTierId: null });
    const zh = await list<QuickSet>('/api/product/cvm/fastSet/search?language=zh');
    const ja = await list<QuickSet>('/api/product/cvm/fastSet/search?language=ja');
    expect(new Set([sets, zh, ja].map((l) => l[2]?.name)).size).toBe(3);
  });

  it('lists only quick sets whose plan and image are both offered in the region', async () => {
    const seoul = (await list<QuickSet>('/api/product/cvm/fastSet/search?regionId=seoul')).map((s) => s.id);
    // game-server: its plan is sold in Seoul but Windows is not; file-backup: storage plans are not racked there.
    expect(seoul).toEqual(['wordpress-blog', 'small-business', 'dev-box']);
    const taipei = (await list<QuickSet>('/api/product/cvm/fastSet/search?regionId=taipei')).map((s) => s.id);
    expect(taipei).toEqual(['wordpress-blog', 'small-business']);
  });

  it('refuses an unknown region with 4001 naming regionId', async () => {
    const res = await call(app, 'GET', '/api/product/cvm/fastSet/search?regionId=nowhere');
    expect(res.status).toBe(422);
    expect(res.json.fields).toEqual({ regionId: 'api.field.invalid' });
  });
});

describe('snapshot policies (GET /api/cvm/snapshoot/strategy/getAllPublic)', () => {
  it('lists the public policies in each language', async () => {
    const en = await list<Record<string, unknown>>('/api/cvm/snapshoot/strategy/getAllPublic?language=en');
    expect(en[0]).toEqual({
      id: 'weekly-4',
      name: 'Weekly snapshot',
      description: expect.stringContaining('Sunday'),
      schedule: '0 3 * * 0',
      retainCount: 4,
      monthlyPriceCents: 0,
    });
    const zh = await list<{ name: string }>('/api/cvm/snapshoot/strategy/getAllPublic?language=zh');
    const ja = await list<{ name: string }>('/api/cvm/snapshoot/strategy/getAllPublic?language=ja');
    expect([zh[0]?.name, ja[0]?.name]).toEqual(['每周快照', '週次スナップショット']);
  });
});
