import type * as schema from '../../schema';

// Catalogue seed: regions, images, product lines and plans, add-ons, templates and domains.
// Prices are USD cents; hourly prices are micro-USD (monthly / 730 hours, rounded).

type Region = typeof schema.regions.$inferInsert;
type Image = typeof schema.images.$inferInsert;
type ImageRegion = typeof schema.imageRegions.$inferInsert;
type ProductLine = typeof schema.productLines.$inferInsert;
type Plan = typeof schema.plans.$inferInsert;
type PlanRegion = typeof schema.planRegions.$inferInsert;
type DiskProduct = typeof schema.diskProducts.$inferInsert;
type BandwidthTier = typeof schema.bandwidthTiers.$inferInsert;
type TrafficPackage = typeof schema.trafficPackages.$inferInsert;
type SecurityGroup = typeof schema.securityGroups.$inferInsert;
type SecurityGroupRule = Omit<typeof schema.securityGroupRules.$inferInsert, 'id'>;
type SnapshotPolicy = typeof schema.snapshotPolicies.$inferInsert;
type QuickSet = typeof schema.quickSets.$inferInsert;
type DomainSuffix = typeof schema.domainSuffixes.$inferInsert;
type DomainRegistration = typeof schema.domainRegistrations.$inferInsert;
type ReservedDomainLabel = typeof schema.reservedDomainLabels.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Regions
// ---------------------------------------------------------------------------------------------

export const regions: Region[] = [
  {
    id: 'hong-kong',
    countryCode: 'HK',
    country: { en: 'Hong Kong', zh: '中国香港', ja: '香港' },
    city: { en: 'Hong Kong', zh: '香港', ja: '香港' },
    networkNote: {
      en: 'CN2 GIA and BGP routes to mainland China, direct HKIX peering and 20 Gbps DDoS protection included.',
      zh: 'CN2 GIA 与 BGP 多线直连中国内地，接入 HKIX 交换中心，默认提供 20 Gbps DDoS 防护。',
      ja: '中国本土向けの CN2 GIA・BGP 回線と HKIX 直結を備え、20 Gbps の DDoS 防御を標準で提供します。',
    },
    testIp: '203.0.113.10',
    sort: 0,
  },
  {
    id: 'tokyo',
    countryCode: 'JP',
    country: { en: 'Japan', zh: '日本', ja: '日本' },
    city: { en: 'Tokyo', zh: '东京', ja: '東京' },
    networkNote: {
      en: 'Direct connections to NTT, KDDI and SoftBank with JPIX peering and 10 Gbps DDoS protection.',
      zh: '直连 NTT、KDDI 和软银，接入 JPIX 交换中心，提供 10 Gbps DDoS 防护。',
      ja: 'NTT・KDDI・ソフトバンクと直接接続し、JPIX でピアリング、10 Gbps の DDoS 防御付きです。',
    },
    testIp: '203.0.113.20',
    sort: 1,
  },
  {
    id: 'osaka',
    countryCode: 'JP',
    country: { en: 'Japan', zh: '日本', ja: '日本' },
    city: { en: 'Osaka', zh: '大阪', ja: '大阪' },
    networkNote: {
      en: 'NTT and BBIX routes with low latency across western Japan, a natural standby for Tokyo, with 10 Gbps DDoS protection.',
      zh: '经 NTT 与 BBIX 线路覆盖日本关西地区，延迟低，适合作为东京节点的异地备份，提供 10 Gbps DDoS 防护。',
      ja: 'NTT と BBIX 経由で西日本全域に低遅延で接続でき、東京のバックアップ拠点に最適。10 Gbps の DDoS 防御付きです。',
    },
    testIp: '203.0.113.30',
    sort: 2,
  },
  {
    id: 'singapore',
    countryCode: 'SG',
    country: { en: 'Singapore', zh: '新加坡', ja: 'シンガポール' },
    city: { en: 'Singapore', zh: '新加坡', ja: 'シンガポール' },
    networkNote: {
      en: 'Singtel and StarHub transit with SGIX peering, well placed for Southeast Asia and India, with 10 Gbps DDoS protection.',
      zh: '接入新加坡电信与星和（StarHub）线路及 SGIX 交换中心，覆盖东南亚和印度，提供 10 Gbps DDoS 防护。',
      ja: 'Singtel・StarHub の回線と SGIX ピアリングで東南アジアやインドへのアクセスに優れ、10 Gbps の DDoS 防御付きです。',
    },
    testIp: '198.51.100.10',
    sort: 3,
  },
  {
    id: 'los-angeles',
    countryCode: 'US',
    country: { en: 'United States', zh: '美国', ja: 'アメリカ' },
    city: { en: 'Los Angeles', zh: '洛杉矶', ja: 'ロサンゼルス' },
    networkNote: {
      en: 'CN2 GIA and China Unicom 9929 return routes, Equinix and Any2 peering, and 40 Gbps DDoS protection.',
      zh: '回程采用 CN2 GIA 与联通 9929 线路，接入 Equinix 和 Any2 交换中心，提供 40 Gbps DDoS 防护。',
      ja: 'CN2 GIA と中国聯通 9929 の帰路回線、Equinix・Any2 ピアリングを備え、40 Gbps の DDoS 防御付きです。',
    },
    testIp: '198.51.100.20',
    sort: 4,
  },
  {
    id: 'frankfurt',
    countryCode: 'DE',
    country: { en: 'Germany', zh: '德国', ja: 'ドイツ' },
    city: { en: 'Frankfurt', zh: '法兰克福', ja: 'フランクフルト' },
    networkNote: {
      en: 'Connected to DE-CIX Frankfurt with Tier 1 transit across Europe and 20 Gbps DDoS protection.',
      zh: '接入 DE-CIX 法兰克福交换中心，配备覆盖全欧洲的 Tier 1 骨干线路，提供 20 Gbps DDoS 防护。',
      ja: 'DE-CIX フランクフルトに接続し、欧州全域への Tier 1 回線と 20 Gbps の DDoS 防御を備えています。',
    },
    testIp: '198.51.100.30',
    sort: 5,
  },
  {
    id: 'seoul',
    countryCode: 'KR',
    country: { en: 'South Korea', zh: '韩国', ja: '韓国' },
    city: { en: 'Seoul', zh: '首尔', ja: 'ソウル' },
    networkNote: {
      en: 'KT and SK Broadband routes with KINX peering, low latency to Korea and northern China, and 10 Gbps DDoS protection.',
      zh: '采用 KT 与 SK Broadband 线路并接入 KINX，访问韩国及中国北方延迟低，提供 10 Gbps DDoS 防护。',
      ja: 'KT・SK Broadband 回線と KINX ピアリングで韓国や中国北部へ低遅延、10 Gbps の DDoS 防御付きです。',
    },
    testIp: '192.0.2.10',
    sort: 6,
  },
  {
    id: 'taipei',
    countryCode: 'TW',
    country: { en: 'Taiwan', zh: '中国台湾', ja: '台湾' },
    city: { en: 'Taipei', zh: '台北', ja: '台北' },
    networkNote: {
      en: 'Chunghwa Telecom HiNet direct routes with TPIX peering and 10 Gbps DDoS protection.',
      zh: '直连中华电信 HiNet 线路，接入 TPIX 交换中心，提供 10 Gbps DDoS 防护。',
      ja: '中華電信 HiNet と直接接続し、TPIX でピアリング、10 Gbps の DDoS 防御付きです。',
    },
    testIp: '192.0.2.20',
    sort: 7,
  },
];

const allRegionIds = ['hong-kong', 'tokyo', 'osaka', 'singapore', 'los-angeles', 'frankfurt', 'seoul', 'taipei'];

// ---------------------------------------------------------------------------------------------
// OS images
// ---------------------------------------------------------------------------------------------

export const images: Image[] = [
  { id: 'ubuntu-24.04', family: 'ubuntu', name: 'Ubuntu 24.04 LTS', version: '24.04', minDiskGb: 20, sort: 0 },
  { id: 'ubuntu-22.04', family: 'ubuntu', name: 'Ubuntu 22.04 LTS', version: '22.04', minDiskGb: 20, sort: 1 },
  { id: 'debian-12', family: 'debian', name: 'Debian 12 (Bookworm)', version: '12', minDiskGb: 10, sort: 2 },
  { id: 'debian-11', family: 'debian', name: 'Debian 11 (Bullseye)', version: '11', minDiskGb: 10, sort: 3 },
  { id: 'rocky-9', family: 'rocky', name: 'Rocky Linux 9', version: '9', minDiskGb: 20, sort: 4 },
  { id: 'rocky-8', family: 'rocky', name: 'Rocky Linux 8', version: '8', minDiskGb: 20, sort: 5 },
  { id: 'almalinux-9', family: 'almalinux', name: 'AlmaLinux 9', version: '9', minDiskGb: 20, sort: 6 },
  { id: 'almalinux-8', family: 'almalinux', name: 'AlmaLinux 8', version: '8', minDiskGb: 20, sort: 7 },
  { id: 'centos-stream-9', family: 'centos', name: 'CentOS Stream 9', version: '9', minDiskGb: 20, sort: 8 },
  { id: 'fedora-41', family: 'fedora', name: 'Fedora 41', version: '41', minDiskGb: 20, sort: 9 },
  { id: 'archlinux', family: 'arch', name: 'Arch Linux', version: 'rolling', minDiskGb: 10, sort: 10 },
  { id: 'freebsd-14', family: 'freebsd', name: 'FreeBSD 14.1', version: '14.1', minDiskGb: 20, sort: 11 },
  {
    id: 'windows-2022',
    family: 'windows',
    name: 'Windows Server 2022 Datacenter',
    version: '2022',
    minDiskGb: 40,
    sort: 12,
  },
  {
    id: 'windows-2019',
    family: 'windows',
    name: 'Windows Server 2019 Datacenter',
    version: '2019',
    minDiskGb: 40,
    sort: 13,
  },
];

/** Where an image is not offered everywhere: Windows licensing is not available in Seoul and Taipei; FreeBSD only in three regions. */
const imageAvailability: Record<string, readonly string[]> = {
  'windows-2022': ['hong-kong', 'tokyo', 'osaka', 'singapore', 'los-angeles', 'frankfurt'],
  'windows-2019': ['hong-kong', 'tokyo', 'osaka', 'singapore', 'los-angeles', 'frankfurt'],
  'freebsd-14': ['tokyo', 'los-angeles', 'frankfurt'],
};

export const imageRegions: ImageRegion[] = images.flatMap((image) =>
  (imageAvailability[image.id] ?? allRegionIds).map((regionId) => ({ imageId: image.id, regionId })),
);

// ---------------------------------------------------------------------------------------------
// Product lines and plans
// ---------------------------------------------------------------------------------------------

export const productLines: ProductLine[] = [
  {
    id: 'standard',
    name: { en: 'Standard', zh: '标准型', ja: 'スタンダード' },
    description: {
      en: 'Shared vCPU cloud servers on AMD EPYC hosts with NVMe storage. Great value for websites, blogs, small applications and test environments.',
      zh: '基于 AMD EPYC 宿主机的共享 vCPU 云服务器，全系 NVMe 存储，性价比高，适合网站、博客、小型应用和测试环境。',
      ja: 'AMD EPYC ホスト上の共有 vCPU クラウドサーバーで、NVMe ストレージを搭載。Web サイト、ブログ、小規模アプリやテスト環境にコストパフォーマンス良くお使いいただけます。',
    },
    dedicated: false,
    sort: 0,
  },
  {
    id: 'performance',
    name: { en: 'High Performance', zh: '高性能型', ja: 'ハイパフォーマンス' },
    description: {
      en: 'Dedicated vCPU cores on high-frequency AMD EPYC 9474F processors boosting to 4.1 GHz. Consistent speed for databases, game servers, CI pipelines and busy online shops.',
      zh: '独享 vCPU 核心，采用睿频可达 4.1 GHz 的高主频 AMD EPYC 9474F 处理器，性能稳定，适合数据库、游戏服务器、持续集成和高流量电商网站。',
      ja: '最大 4.1 GHz の高クロック AMD EPYC 9474F の vCPU コアを専有。データベース、ゲームサーバー、CI、アクセスの多い EC サイトでも安定した性能を発揮します。',
    },
    dedicated: false,
    sort: 1,
  },
  {
    id: 'storage',
    name: { en: 'Storage', zh: '大硬盘存储型', ja: 'ストレージ' },
    description: {
      en: 'Large HDD capacity on RAID 10 arrays with generous monthly traffic, built for backups, media libraries, file sync and archives.',
      zh: '采用 RAID 10 阵列的大容量 HDD 存储，每月流量充足，专为备份、媒体库、文件同步和数据归档设计。',
      ja: 'RAID 10 構成の大容量 HDD と十分な月間転送量を備え、バックアップ、メディアライブラリ、ファイル同期、アーカイブに最適です。',
    },
    dedicated: false,
    sort: 2,
  },
  {
    id: 'dedicated',
    name: { en: 'Dedicated Servers', zh: '独立服务器', ja: '専用サーバー' },
    description: {
      en: 'Single-tenant bare-metal servers with the whole machine to yourself: no virtualisation overhead, IPMI out-of-band access, ports up to 10 Gbps and delivery usually within 24 hours.',
      zh: '独享整台物理服务器，无虚拟化损耗，提供 IPMI 带外管理，端口最高 10 Gbps，通常 24 小时内交付。',
      ja: '物理サーバーを 1 台まるごと専有でき、仮想化によるオーバーヘッドはありません。IPMI による帯域外管理、最大 10 Gbps のポートを備え、通常 24 時間以内にご提供します。',
    },
    dedicated: true,
    sort: 3,
  },
];

export const plans: Plan[] = [
  // Standard: shared vCPU
  {
    id: 'std-1c1g',
    lineId: 'standard',
    name: { en: 'Standard 1 vCPU / 1 GB', zh: '标准型 1核 1GB', ja: 'スタンダード 1vCPU / 1GB' },
    cpu: 1,
    cpuModel: '',
    memoryMb: 1024,
    diskGb: 25,
    diskType: 'NVMe',
    bandwidthMbps: 200,
    maxBandwidthMbps: 300,
    trafficGb: 1000,
    monthlyPriceCents: 500,
    hourlyPriceMicroUsd: 6849,
    sort: 0,
  },
  {
    id: 'std-1c2g',
    lineId: 'standard',
    name: { en: 'Standard 1 vCPU / 2 GB', zh: '标准型 1核 2GB', ja: 'スタンダード 1vCPU / 2GB' },
    cpu: 1,
    cpuModel: '',
    memoryMb: 2048,
    diskGb: 50,
    diskType: 'NVMe',
    bandwidthMbps: 200,
    maxBandwidthMbps: 500,
    trafficGb: 2000,
    monthlyPriceCents: 1000,
    hourlyPriceMicroUsd: 13699,
    sort: 1,
  },
  {
    id: 'std-2c4g',
    lineId: 'standard',
    name: { en: 'Standard 2 vCPU / 4 GB', zh: '标准型 2核 4GB', ja: 'スタンダード 2vCPU / 4GB' },
    cpu: 2,
    cpuModel: '',
    memoryMb: 4096,
    diskGb: 80,
    diskType: 'NVMe',
    bandwidthMbps: 300,
    maxBandwidthMbps: 1000,
    trafficGb: 3000,
    monthlyPriceCents: 2000,
    hourlyPriceMicroUsd: 27397,
    sort: 2,
  },
  {
    id: 'std-4c8g',
    lineId: 'standard',
    name: { en: 'Standard 4 vCPU / 8 GB', zh: '标准型 4核 8GB', ja: 'スタンダード 4vCPU / 8GB' },
    cpu: 4,
    cpuModel: '',
    memoryMb: 8192,
    diskGb: 160,
    diskType: 'NVMe',
    bandwidthMbps: 500,
    maxBandwidthMbps: 1000,
    trafficGb: 5000,
    monthlyPriceCents: 4000,
    hourlyPriceMicroUsd: 54795,
    sort: 3,
  },
  // High performance: dedicated vCPU, high frequency
  {
    id: 'perf-2c4g',
    lineId: 'performance',
    name: { en: 'High Performance 2 vCPU / 4 GB', zh: '高性能型 2核 4GB', ja: 'ハイパフォーマンス 2vCPU / 4GB' },
    cpu: 2,
    cpuModel: 'AMD EPYC 9474F',
    memoryMb: 4096,
    diskGb: 80,
    diskType: 'NVMe',
    bandwidthMbps: 500,
    maxBandwidthMbps: 1000,
    trafficGb: 4000,
    monthlyPriceCents: 2800,
    hourlyPriceMicroUsd: 38356,
    sort: 4,
  },
  {
    id: 'perf-4c8g',
    lineId: 'performance',
    name: { en: 'High Performance 4 vCPU / 8 GB', zh: '高性能型 4核 8GB', ja: 'ハイパフォーマンス 4vCPU / 8GB' },
    cpu: 4,
    cpuModel: 'AMD EPYC 9474F',
    memoryMb: 8192,
    diskGb: 160,
    diskType: 'NVMe',
    bandwidthMbps: 800,
    maxBandwidthMbps: 1000,
    trafficGb: 6000,
    monthlyPriceCents: 5600,
    hourlyPriceMicroUsd: 76712,
    sort: 5,
  },
  {
    id: 'perf-8c16g',
    lineId: 'performance',
    name: { en: 'High Performance 8 vCPU / 16 GB', zh: '高性能型 8核 16GB', ja: 'ハイパフォーマンス 8vCPU / 16GB' },
    cpu: 8,
    cpuModel: 'AMD EPYC 9474F',
    memoryMb: 16384,
    diskGb: 320,
    diskType: 'NVMe',
    bandwidthMbps: 1000,
    maxBandwidthMbps: 1000,
    trafficGb: 8000,
    monthlyPriceCents: 11200,
    hourlyPriceMicroUsd: 153425,
    sort: 6,
  },
  // Storage: large HDD
  {
    id: 'stor-1c2g-500g',
    lineId: 'storage',
    name: { en: 'Storage 500 GB', zh: '存储型 500GB', ja: 'ストレージ 500GB' },
    cpu: 1,
    cpuModel: '',
    memoryMb: 2048,
    diskGb: 500,
    diskType: 'HDD',
    bandwidthMbps: 200,
    maxBandwidthMbps: 1000,
    trafficGb: 2000,
    monthlyPriceCents: 1200,
    hourlyPriceMicroUsd: 16438,
    sort: 7,
  },
  {
    id: 'stor-2c4g-1t',
    lineId: 'storage',
    name: { en: 'Storage 1 TB', zh: '存储型 1TB', ja: 'ストレージ 1TB' },
    cpu: 2,
    cpuModel: '',
    memoryMb: 4096,
    diskGb: 1000,
    diskType: 'HDD',
    bandwidthMbps: 300,
    maxBandwidthMbps: 1000,
    trafficGb: 4000,
    monthlyPriceCents: 2400,
    hourlyPriceMicroUsd: 32877,
    sort: 8,
  },
  {
    id: 'stor-4c8g-2t',
    lineId: 'storage',
    name: { en: 'Storage 2 TB', zh: '存储型 2TB', ja: 'ストレージ 2TB' },
    cpu: 4,
    cpuModel: '',
    memoryMb: 8192,
    diskGb: 2000,
    diskType: 'HDD',
    bandwidthMbps: 500,
    maxBandwidthMbps: 1000,
    trafficGb: 8000,
    monthlyPriceCents: 4500,
    hourlyPriceMicroUsd: 61644,
    sort: 9,
  },
  // Dedicated: bare metal (cpu = physical cores)
  {
    id: 'ded-e2388g',
    lineId: 'dedicated',
    name: { en: 'Dedicated Xeon E-2388G', zh: '独立服务器 Xeon E-2388G', ja: '専用サーバー Xeon E-2388G' },
    cpu: 8,
    cpuModel: 'Intel Xeon E-2388G',
    memoryMb: 32768,
    diskGb: 960,
    diskType: 'NVMe',
    bandwidthMbps: 1000,
    maxBandwidthMbps: 10000,
    trafficGb: 30000,
    monthlyPriceCents: 8900,
    hourlyPriceMicroUsd: 121918,
    sort: 10,
  },
  {
    id: 'ded-epyc4464p',
    lineId: 'dedicated',
    name: { en: 'Dedicated EPYC 4464P', zh: '独立服务器 EPYC 4464P', ja: '専用サーバー EPYC 4464P' },
    cpu: 12,
    cpuModel: 'AMD EPYC 4464P',
    memoryMb: 65536,
    diskGb: 1920,
    diskType: 'NVMe',
    bandwidthMbps: 1000,
    maxBandwidthMbps: 10000,
    trafficGb: 0,
    monthlyPriceCents: 14900,
    hourlyPriceMicroUsd: 204110,
    sort: 11,
  },
  {
    id: 'ded-gold6430',
    lineId: 'dedicated',
    name: { en: 'Dedicated Xeon Gold 6430', zh: '独立服务器 Xeon Gold 6430', ja: '専用サーバー Xeon Gold 6430' },
    cpu: 32,
    cpuModel: 'Intel Xeon Gold 6430',
    memoryMb: 131072,
    diskGb: 3840,
    diskType: 'NVMe',
    bandwidthMbps: 1000,
    maxBandwidthMbps: 10000,
    trafficGb: 0,
    monthlyPriceCents: 25900,
    hourlyPriceMicroUsd: 354795,
    sort: 12,
  },
  {
    id: 'ded-epyc9354p',
    lineId: 'dedicated',
    name: { en: 'Dedicated EPYC 9354P', zh: '独立服务器 EPYC 9354P', ja: '専用サーバー EPYC 9354P' },
    cpu: 32,
    cpuModel: 'AMD EPYC 9354P',
    memoryMb: 262144,
    diskGb: 7680,
    diskType: 'NVMe',
    bandwidthMbps: 2000,
    maxBandwidthMbps: 10000,
    trafficGb: 0,
    monthlyPriceCents: 39900,
    hourlyPriceMicroUsd: 546575,
    sort: 13,
  },
];

/** Regions each plan is sold in. Standard everywhere; storage and dedicated only where the hardware is racked. */
const planAvailability: Record<string, readonly string[]> = {
  'std-1c1g': allRegionIds,
  'std-1c2g': allRegionIds,
  'std-2c4g': allRegionIds,
  'std-4c8g': allRegionIds,
  'perf-2c4g': ['hong-kong', 'tokyo', 'osaka', 'singapore', 'los-angeles', 'frankfurt', 'seoul'],
  'perf-4c8g': ['hong-kong', 'tokyo', 'osaka', 'singapore', 'los-angeles', 'frankfurt', 'seoul'],
  'perf-8c16g': ['hong-kong', 'tokyo', 'singapore', 'los-angeles', 'frankfurt'],
  'stor-1c2g-500g': ['hong-kong', 'singapore', 'los-angeles', 'frankfurt'],
  'stor-2c4g-1t': ['hong-kong', 'singapore', 'los-angeles', 'frankfurt'],
  'stor-4c8g-2t': ['hong-kong', 'singapore', 'los-angeles', 'frankfurt'],
  'ded-e2388g': ['hong-kong', 'tokyo', 'los-angeles', 'frankfurt'],
  'ded-epyc4464p': ['hong-kong', 'tokyo', 'los-angeles', 'frankfurt'],
  'ded-gold6430': ['hong-kong', 'los-angeles', 'frankfurt'],
  'ded-epyc9354p': ['hong-kong', 'los-angeles', 'frankfurt'],
};

export const planRegions: PlanRegion[] = plans.flatMap((plan) =>
  (planAvailability[plan.id] ?? []).map((regionId) => ({ planId: plan.id, regionId })),
);

// ---------------------------------------------------------------------------------------------
// Block storage, bandwidth and traffic add-ons
// ---------------------------------------------------------------------------------------------

export const diskProducts: DiskProduct[] = [
  {
    id: 'disk-nvme',
    name: { en: 'NVMe SSD volume', zh: 'NVMe SSD 云硬盘', ja: 'NVMe SSD ボリューム' },
    mediaType: 'NVMe',
    minGb: 10,
    maxGb: 4000,
    stepGb: 10,
    pricePerGbCents: 10,
    maxIops: 50000,
    sort: 0,
  },
  {
    id: 'disk-ssd',
    name: { en: 'SSD volume', zh: 'SSD 云硬盘', ja: 'SSD ボリューム' },
    mediaType: 'SSD',
    minGb: 20,
    maxGb: 8000,
    stepGb: 10,
    pricePerGbCents: 8,
    maxIops: 20000,
    sort: 1,
  },
  {
    id: 'disk-hdd',
    name: { en: 'High-capacity HDD volume', zh: '大容量 HDD 云硬盘', ja: '大容量 HDD ボリューム' },
    mediaType: 'HDD',
    minGb: 100,
    maxGb: 16000,
    stepGb: 100,
    pricePerGbCents: 4,
    maxIops: 1000,
    sort: 2,
  },
];

export const bandwidthTiers: BandwidthTier[] = [
  { id: 'bw-100', mbps: 100, monthlyPriceCents: 0, sort: 0 },
  { id: 'bw-200', mbps: 200, monthlyPriceCents: 300, sort: 1 },
  { id: 'bw-300', mbps: 300, monthlyPriceCents: 600, sort: 2 },
  { id: 'bw-500', mbps: 500, monthlyPriceCents: 1200, sort: 3 },
  { id: 'bw-800', mbps: 800, monthlyPriceCents: 2000, sort: 4 },
  { id: 'bw-1000', mbps: 1000, monthlyPriceCents: 2800, sort: 5 },
];

export const trafficPackages: TrafficPackage[] = [
  { id: 'traffic-500g', gb: 500, monthlyPriceCents: 300, sort: 0 },
  { id: 'traffic-1t', gb: 1000, monthlyPriceCents: 500, sort: 1 },
  { id: 'traffic-2t', gb: 2000, monthlyPriceCents: 900, sort: 2 },
  { id: 'traffic-5t', gb: 5000, monthlyPriceCents: 2000, sort: 3 },
  { id: 'traffic-10t', gb: 10000, monthlyPriceCents: 3500, sort: 4 },
];

// ---------------------------------------------------------------------------------------------
// Official security-group templates
// ---------------------------------------------------------------------------------------------

export const securityGroups: SecurityGroup[] = [
  {
    id: 'web-server',
    name: { en: 'Web server', zh: 'Web 服务器', ja: 'Web サーバー' },
    description: {
      en: 'Opens HTTP and HTTPS to everyone and SSH for administration. A sensible starting point for websites and APIs.',
      zh: '向所有来源开放 HTTP 和 HTTPS，并开放 SSH 用于远程管理，适合作为网站和 API 服务的起点。',
      ja: 'HTTP と HTTPS をすべての接続元に公開し、管理用に SSH を開放します。Web サイトや API の初期設定に最適です。',
    },
    sort: 0,
  },
  {
    id: 'linux-ssh',
    name: { en: 'Linux SSH only', zh: '仅开放 Linux SSH', ja: 'Linux SSH のみ' },
    description: {
      en: 'Only SSH and ping are reachable from the internet; every other inbound connection is closed.',
      zh: '公网仅可访问 SSH 和 Ping，其余入站连接全部关闭。',
      ja: 'インターネットから到達できるのは SSH と Ping のみで、その他の受信接続はすべて遮断します。',
    },
    sort: 1,
  },
  {
    id: 'windows-rdp',
    name: { en: 'Windows Remote Desktop', zh: 'Windows 远程桌面', ja: 'Windows リモートデスクトップ' },
    description: {
      en: 'Opens Remote Desktop (RDP) on port 3389 for Windows Server. Where you can, narrow the source range to your office IP.',
      zh: '为 Windows Server 开放 3389 端口的远程桌面（RDP）。建议尽量将来源地址限制为办公网络的 IP。',
      ja: 'Windows Server 向けにポート 3389 のリモートデスクトップ（RDP）を開放します。可能であれば接続元をオフィスの IP に絞り込んでください。',
    },
    sort: 2,
  },
  {
    id: 'database-private',
    name: { en: 'Private database', zh: '内网数据库', ja: 'プライベートデータベース' },
    description: {
      en: 'MySQL, PostgreSQL and Redis are reachable only from the private network (10.0.0.0/8); all other inbound traffic is dropped.',
      zh: 'MySQL、PostgreSQL 和 Redis 仅对内网（10.0.0.0/8）开放，其余入站流量一律丢弃。',
      ja: 'MySQL・PostgreSQL・Redis にはプライベートネットワーク（10.0.0.0/8）からのみ接続でき、その他の受信トラフィックはすべて破棄します。',
    },
    sort: 3,
  },
  {
    id: 'allow-all',
    name: { en: 'Allow all (not recommended)', zh: '全部放行（不推荐）', ja: 'すべて許可（非推奨）' },
    description: {
      en: 'Every port and protocol is open in both directions. Use it only briefly while troubleshooting, then switch to a stricter template.',
      zh: '所有端口和协议双向全部放行。仅建议在排查问题时短暂使用，之后请尽快改用更严格的模板。',
      ja: 'すべてのポートとプロトコルを双方向で許可します。トラブルシューティング中の一時的な利用にとどめ、その後はより厳格なテンプレートに切り替えてください。',
    },
    sort: 4,
  },
];

const allowAllOutbound = {
  en: 'Allow all outbound traffic',
  zh: '允许全部出站流量',
  ja: 'すべての送信トラフィックを許可',
};
const sshNote = { en: 'SSH remote login', zh: 'SSH 远程登录', ja: 'SSH リモートログイン' };
const pingNote = {
  en: 'Ping (ICMP) for network diagnostics',
  zh: '允许 Ping（ICMP），便于网络诊断',
  ja: 'ネットワーク診断用の Ping（ICMP）',
};

export const securityGroupRules: SecurityGroupRule[] = [
  // Web server
  {
    groupId: 'web-server',
    direction: 'ingress',
    protocol: 'tcp',
    ports: '22',
    cidr: '0.0.0.0/0',
    action: 'accept',
    note: sshNote,
    sort: 0,
  },
  {
    groupId: 'web-server',
    direction: 'ingress',
    protocol: 'tcp',
    ports: '80',
    cidr: '0.0.0.0/0',
    action: 'accept',
    note: { en: 'HTTP website traffic', zh: 'HTTP 网站访问', ja: 'HTTP による Web アクセス' },
    sort: 1,
  },
  {
    groupId: 'web-server',
    direction: 'ingress',
    protocol: 'tcp',
    ports: '443',
    cidr: '0.0.0.0/0',
    action: 'accept',
    note: { en: 'HTTPS website traffic', zh: 'HTTPS 网站访问', ja: 'HTTPS による Web アクセス' },
    sort: 2,
  },
  {
    groupId: 'web-server',
    direction: 'ingress',
    protocol: 'tcp',
    ports: '443',
    cidr: '::/0',
    action: 'accept',
    note: { en: 'HTTPS over IPv6', zh: '通过 IPv6 访问 HTTPS', ja: 'IPv6 経由の HTTPS アクセス' },
    sort: 3,
  },
  {
    groupId: 'web-server',
    direction: 'ingress',
    protocol: 'tcp',
    ports: '8000/8080',
    cidr: '0.0.0.0/0',
    action: 'accept',
    note: {
      en: 'Application ports for Node.js, Tomcat and similar; remove this rule if you do not need it',
      zh: 'Node.js、Tomcat 等应用的服务端口，不需要时请删除此规则',
      ja: 'Node.js や Tomcat などのアプリケーション用ポート。不要な場合はこのルールを削除してください',
    },
    sort: 4,
  },
  {
    groupId: 'web-server',
    direction: 'egress',
    protocol: 'all',
    ports: 'all',
    cidr: '0.0.0.0/0',
    action: 'accept',
    note: allowAllOutbound,
    sort: 5,
  },
  // Linux SSH only
  {
    groupId: 'linux-ssh',
    direction: 'ingress',
    protocol: 'tcp',
    ports: '22',
    cidr: '0.0.0.0/0',
    action: 'accept',
    note: sshNote,
    sort: 0,
  },
  {
    groupId: 'linux-ssh',
    direction: 'ingress',
    protocol: 'tcp',
    ports: '22',
    cidr: '::/0',
    action: 'accept',
    note: { en: 'SSH over IPv6', zh: '通过 IPv6 进行 SSH 登录', ja: 'IPv6 経由の SSH ログイン' },
    sort: 1,
  },
  {
    groupId: 'linux-ssh',
    direction: 'ingress',
    protocol: 'icmp',
    ports: 'all',
    cidr: '0.0.0.0/0',
    action: 'accept',
    note: pingNote,
    sort: 2,
  },
  {
    groupId: 'linux-ssh',
    direction: 'egress',
    protocol: 'all',
    ports: 'all',
    cidr: '0.0.0.0/0',
    action: 'accept',
    note: allowAllOutbound,
    sort: 3,
  },
  // Windows Remote Desktop
  {
    groupId: 'windows-rdp',
    direction: 'ingress',
    protocol: 'tcp',
    ports: '3389',
    cidr: '0.0.0.0/0',
    action: 'accept',
    note: { en: 'Remote Desktop (RDP)', zh: '远程桌面（RDP）', ja: 'リモートデスクトップ（RDP）' },
    sort: 0,
  },
  {
    groupId: 'windows-rdp',
    direction: 'ingress',
    protocol: 'udp',
    ports: '3389',
    cidr: '0.0.0.0/0',
    action: 'accept',
    note: {
      en: 'RDP over UDP for smoother sessions',
      zh: 'RDP 的 UDP 传输，远程操作更流畅',
      ja: 'UDP による RDP 転送で操作をより快適に',
    },
    sort: 1,
  },
  {
    groupId: 'windows-rdp',
    direction: 'ingress',
    protocol: 'icmp',
    ports: 'all',
    cidr: '0.0.0.0/0',
    action: 'accept',
    note: pingNote,
    sort: 2,
  },
  {
    groupId: 'windows-rdp',
    direction: 'egress',
    protocol: 'all',
    ports: 'all',
    cidr: '0.0.0.0/0',
    action: 'accept',
    note: allowAllOutbound,
    sort: 3,
  },
  // Private database
  {
    groupId: 'database-private',
    direction: 'ingress',
    protocol: 'tcp',
    ports: '3306',
    cidr: '10.0.0.0/8',
    action: 'accept',
    note: {
      en: 'MySQL / MariaDB from the private network',
      zh: '允许内网访问 MySQL / MariaDB',
      ja: 'プライベートネットワークからの MySQL / MariaDB',
    },
    sort: 0,
  },
  {
    groupId: 'database-private',
    direction: 'ingress',
    protocol: 'tcp',
    ports: '5432',
    cidr: '10.0.0.0/8',
    action: 'accept',
    note: {
      en: 'PostgreSQL from the private network',
      zh: '允许内网访问 PostgreSQL',
      ja: 'プライベートネットワークからの PostgreSQL',
    },
    sort: 1,
  },
  {
    groupId: 'database-private',
    direction: 'ingress',
    protocol: 'tcp',
    ports: '6379',
    cidr: '10.0.0.0/8',
    action: 'accept',
    note: {
      en: 'Redis from the private network',
      zh: '允许内网访问 Redis',
      ja: 'プライベートネットワークからの Redis',
    },
    sort: 2,
  },
  {
    groupId: 'database-private',
    direction: 'ingress',
    protocol: 'tcp',
    ports: '22',
    cidr: '10.0.0.0/8',
    action: 'accept',
    note: {
      en: 'SSH from the private network only',
      zh: '仅允许内网 SSH 登录',
      ja: 'プライベートネットワークからの SSH のみ許可',
    },
    sort: 3,
  },
  {
    groupId: 'database-private',
    direction: 'ingress',
    protocol: 'all',
    ports: 'all',
    cidr: '0.0.0.0/0',
    action: 'drop',
    note: {
      en: 'Drop all other inbound traffic',
      zh: '丢弃其余全部入站流量',
      ja: 'その他の受信トラフィックをすべて破棄',
    },
    sort: 4,
  },
  {
    groupId: 'database-private',
    direction: 'egress',
    protocol: 'all',
    ports: 'all',
    cidr: '0.0.0.0/0',
    action: 'accept',
    note: allowAllOutbound,
    sort: 5,
  },
  // Allow all
  {
    groupId: 'allow-all',
    direction: 'ingress',
    protocol: 'all',
    ports: 'all',
    cidr: '0.0.0.0/0',
    action: 'accept',
    note: { en: 'All inbound IPv4 traffic', zh: '放行全部 IPv4 入站流量', ja: 'すべての IPv4 受信トラフィックを許可' },
    sort: 0,
  },
  {
    groupId: 'allow-all',
    direction: 'ingress',
    protocol: 'all',
    ports: 'all',
    cidr: '::/0',
    action: 'accept',
    note: { en: 'All inbound IPv6 traffic', zh: '放行全部 IPv6 入站流量', ja: 'すべての IPv6 受信トラフィックを許可' },
    sort: 1,
  },
  {
    groupId: 'allow-all',
    direction: 'egress',
    protocol: 'all',
    ports: 'all',
    cidr: '0.0.0.0/0',
    action: 'accept',
    note: allowAllOutbound,
    sort: 2,
  },
  {
    groupId: 'allow-all',
    direction: 'egress',
    protocol: 'all',
    ports: 'all',
    cidr: '::/0',
    action: 'accept',
    note: {
      en: 'Allow all outbound IPv6 traffic',
      zh: '允许全部 IPv6 出站流量',
      ja: 'すべての IPv6 送信トラフィックを許可',
    },
    sort: 3,
  },
];

// ---------------------------------------------------------------------------------------------
// Snapshot policies (schedules in UTC)
// ---------------------------------------------------------------------------------------------

export const snapshotPolicies: SnapshotPolicy[] = [
  {
    id: 'weekly-4',
    name: { en: 'Weekly snapshot', zh: '每周快照', ja: '週次スナップショット' },
    description: {
      en: 'One snapshot every Sunday at 03:00 UTC, keeping the latest four. Free with every cloud server.',
      zh: '每周日 03:00（UTC）自动创建快照，保留最近 4 份，所有云服务器均可免费使用。',
      ja: '毎週日曜 03:00（UTC）にスナップショットを作成し、直近 4 世代を保持します。すべてのクラウドサーバーで無料です。',
    },
    schedule: '0 3 * * 0',
    retainCount: 4,
    monthlyPriceCents: 0,
    sort: 0,
  },
  {
    id: 'daily-7',
    name: { en: 'Daily snapshot', zh: '每日快照', ja: '日次スナップショット' },
    description: {
      en: 'A snapshot every day at 02:00 UTC, keeping a full week of restore points.',
      zh: '每天 02:00（UTC）自动创建快照，保留最近 7 天的还原点。',
      ja: '毎日 02:00（UTC）にスナップショットを作成し、1 週間分の復元ポイントを保持します。',
    },
    schedule: '0 2 * * *',
    retainCount: 7,
    monthlyPriceCents: 150,
    sort: 1,
  },
  {
    id: 'six-hourly-12',
    name: { en: 'Every 6 hours', zh: '每 6 小时快照', ja: '6 時間ごとのスナップショット' },
    description: {
      en: 'Snapshots at 00:00, 06:00, 12:00 and 18:00 UTC, keeping the latest 12 (three days). Suited to databases and busy online shops.',
      zh: '每天 00:00、06:00、12:00、18:00（UTC）各创建一次快照，保留最近 12 份（约 3 天），适合数据库和高流量电商网站。',
      ja: '毎日 00:00・06:00・12:00・18:00（UTC）にスナップショットを作成し、直近 12 世代（3 日分）を保持します。データベースやアクセスの多い EC サイトに最適です。',
    },
    schedule: '0 */6 * * *',
    retainCount: 12,
    monthlyPriceCents: 400,
    sort: 2,
  },
  {
    id: 'monthly-6',
    name: { en: 'Monthly archive', zh: '每月归档快照', ja: '月次アーカイブ' },
    description: {
      en: 'A snapshot on the 1st of every month at 04:00 UTC, keeping six months of history for audits and rollbacks.',
      zh: '每月 1 日 04:00（UTC）创建快照，保留最近 6 个月的记录，便于审计和回滚。',
      ja: '毎月 1 日 04:00（UTC）にスナップショットを作成し、監査やロールバック用に 6 か月分の履歴を保持します。',
    },
    schedule: '0 4 1 * *',
    retainCount: 6,
    monthlyPriceCents: 100,
    sort: 3,
  },
];

// ---------------------------------------------------------------------------------------------
// Quick-set configurations
// ---------------------------------------------------------------------------------------------

export const quickSets: QuickSet[] = [
  {
    id: 'wordpress-blog',
    name: { en: 'WordPress blog', zh: 'WordPress 博客', ja: 'WordPress ブログ' },
    description: {
      en: '1 vCPU, 2 GB memory and Ubuntu 24.04: comfortably runs a WordPress site with a few thousand visitors a day.',
      zh: '1 核 2GB 内存搭配 Ubuntu 24.04，轻松承载日访问量数千的 WordPress 网站。',
      ja: '1vCPU・2GB メモリと Ubuntu 24.04 の組み合わせで、1 日数千アクセス規模の WordPress サイトを快適に運用できます。',
    },
    planId: 'std-1c2g',
    imageId: 'ubuntu-24.04',
    dataDiskId: null,
    dataDiskGb: 0,
    bandwidthTierId: null,
    sort: 0,
  },
  {
    id: 'small-business',
    name: { en: 'Small business website', zh: '企业官网', ja: '中小企業サイト' },
    description: {
      en: '2 vCPU and 4 GB on AlmaLinux 9 with a 100 GB SSD volume for uploads and a 500 Mbps port for busy days.',
      zh: '2 核 4GB，AlmaLinux 9 系统，附加 100GB SSD 云硬盘存放上传文件，500 Mbps 带宽从容应对访问高峰。',
      ja: '2vCPU・4GB の AlmaLinux 9 に、アップロード用の 100GB SSD ボリュームと 500 Mbps 回線を組み合わせ、アクセスの集中にも対応します。',
    },
    planId: 'std-2c4g',
    imageId: 'almalinux-9',
    dataDiskId: 'disk-ssd',
    dataDiskGb: 100,
    bandwidthTierId: 'bw-500',
    sort: 1,
  },
  {
    id: 'game-server',
    name: { en: 'Game server', zh: '游戏服务器', ja: 'ゲームサーバー' },
    description: {
      en: '4 dedicated high-frequency vCPU, 8 GB memory, Windows Server 2022 and a 1 Gbps port: smooth for Minecraft, Palworld or ARK with friends.',
      zh: '4 核独享高主频 vCPU、8GB 内存、Windows Server 2022 与 1 Gbps 带宽，和好友联机玩 Minecraft、幻兽帕鲁、方舟都很流畅。',
      ja: '高クロック専有 4vCPU・8GB メモリ・Windows Server 2022・1 Gbps 回線で、Minecraft やパルワールド、ARK を仲間と快適にプレイできます。',
    },
    planId: 'perf-4c8g',
    imageId: 'windows-2022',
    dataDiskId: null,
    dataDiskGb: 0,
    bandwidthTierId: 'bw-1000',
    sort: 2,
  },
  {
    id: 'dev-box',
    name: { en: 'Development box', zh: '开发环境', ja: '開発用サーバー' },
    description: {
      en: '2 dedicated vCPU on Ubuntu 24.04 with an extra 50 GB NVMe volume for Docker images, build caches and databases.',
      zh: '2 核独享 vCPU，Ubuntu 24.04 系统，另配 50GB NVMe 云硬盘，用于存放 Docker 镜像、构建缓存和数据库。',
      ja: '専有 2vCPU の Ubuntu 24.04 に 50GB の NVMe ボリュームを追加し、Docker イメージやビルドキャッシュ、データベースを保存できます。',
    },
    planId: 'perf-2c4g',
    imageId: 'ubuntu-24.04',
    dataDiskId: 'disk-nvme',
    dataDiskGb: 50,
    bandwidthTierId: null,
    sort: 3,
  },
  {
    id: 'file-backup',
    name: { en: 'Offsite backup', zh: '异地备份', ja: 'オフサイトバックアップ' },
    description: {
      en: '1 TB of RAID 10 storage on Debian 12, ready for rsync, restic or Nextcloud to keep a copy of your data in another city.',
      zh: 'Debian 12 系统搭配 1TB RAID 10 存储，可直接使用 rsync、restic 或 Nextcloud，把数据备份到另一座城市。',
      ja: 'Debian 12 と 1TB の RAID 10 ストレージで、rsync・restic・Nextcloud を使ってデータの複製を別の都市に保管できます。',
    },
    planId: 'stor-2c4g-1t',
    imageId: 'debian-12',
    dataDiskId: null,
    dataDiskGb: 0,
    bandwidthTierId: null,
    sort: 4,
  },
];

// ---------------------------------------------------------------------------------------------
// Domains. Suffixes include their leading dot; registrations are full ASCII names (punycode).
// ---------------------------------------------------------------------------------------------

export const domainSuffixes: DomainSuffix[] = [
  // Popular
  {
    suffix: '.com',
    category: 'popular',
    registerPriceCents: 899,
    renewPriceCents: 1299,
    transferPriceCents: 1199,
    promo: true,
    sort: 0,
  },
  {
    suffix: '.net',
    category: 'popular',
    registerPriceCents: 1399,
    renewPriceCents: 1499,
    transferPriceCents: 1399,
    sort: 1,
  },
  {
    suffix: '.org',
    category: 'popular',
    registerPriceCents: 1099,
    renewPriceCents: 1399,
    transferPriceCents: 1299,
    sort: 2,
  },
  {
    suffix: '.io',
    category: 'popular',
    registerPriceCents: 3999,
    renewPriceCents: 4599,
    transferPriceCents: 4299,
    sort: 3,
  },
  {
    suffix: '.co',
    category: 'popular',
    registerPriceCents: 1199,
    renewPriceCents: 2999,
    transferPriceCents: 2799,
    promo: true,
    sort: 4,
  },
  {
    suffix: '.ai',
    category: 'popular',
    registerPriceCents: 7999,
    renewPriceCents: 7999,
    transferPriceCents: 7999,
    sort: 5,
  },
  {
    suffix: '.me',
    category: 'popular',
    registerPriceCents: 399,
    renewPriceCents: 1999,
    transferPriceCents: 1799,
    promo: true,
    sort: 6,
  },
  // Country and region
  {
    suffix: '.cn',
    category: 'country',
    registerPriceCents: 899,
    renewPriceCents: 1099,
    transferPriceCents: 899,
    sort: 10,
  },
  {
    suffix: '.com.cn',
    category: 'country',
    registerPriceCents: 899,
    renewPriceCents: 1099,
    transferPriceCents: 899,
    sort: 11,
  },
  {
    suffix: '.hk',
    category: 'country',
    registerPriceCents: 3499,
    renewPriceCents: 3499,
    transferPriceCents: 3499,
    sort: 12,
  },
  {
    suffix: '.com.hk',
    category: 'country',
    registerPriceCents: 2999,
    renewPriceCents: 2999,
    transferPriceCents: 2999,
    sort: 13,
  },
  {
    suffix: '.jp',
    category: 'country',
    registerPriceCents: 3499,
    renewPriceCents: 3899,
    transferPriceCents: 3499,
    sort: 14,
  },
  {
    suffix: '.co.jp',
    category: 'country',
    registerPriceCents: 4999,
    renewPriceCents: 4999,
    transferPriceCents: 4999,
    sort: 15,
  },
  {
    suffix: '.tw',
    category: 'country',
    registerPriceCents: 3299,
    renewPriceCents: 3299,
    transferPriceCents: 3299,
    sort: 16,
  },
  {
    suffix: '.sg',
    category: 'country',
    registerPriceCents: 3999,
    renewPriceCents: 3999,
    transferPriceCents: 3999,
    sort: 17,
  },
  {
    suffix: '.us',
    category: 'country',
    registerPriceCents: 799,
    renewPriceCents: 1099,
    transferPriceCents: 999,
    sort: 18,
  },
  {
    suffix: '.de',
    category: 'country',
    registerPriceCents: 799,
    renewPriceCents: 899,
    transferPriceCents: 799,
    sort: 19,
  },
  // New generic suffixes
  {
    suffix: '.xyz',
    category: 'new',
    registerPriceCents: 199,
    renewPriceCents: 1399,
    transferPriceCents: 1199,
    promo: true,
    sort: 20,
  },
  {
    suffix: '.top',
    category: 'new',
    registerPriceCents: 199,
    renewPriceCents: 899,
    transferPriceCents: 799,
    promo: true,
    sort: 21,
  },
  {
    suffix: '.cloud',
    category: 'new',
    registerPriceCents: 399,
    renewPriceCents: 2399,
    transferPriceCents: 2199,
    promo: true,
    sort: 22,
  },
  {
    suffix: '.tech',
    category: 'new',
    registerPriceCents: 599,
    renewPriceCents: 4999,
    transferPriceCents: 4599,
    promo: true,
    sort: 23,
  },
  {
    suffix: '.dev',
    category: 'new',
    registerPriceCents: 1299,
    renewPriceCents: 1599,
    transferPriceCents: 1499,
    sort: 24,
  },
  {
    suffix: '.app',
    category: 'new',
    registerPriceCents: 1499,
    renewPriceCents: 1699,
    transferPriceCents: 1599,
    sort: 25,
  },
  {
    suffix: '.shop',
    category: 'new',
    registerPriceCents: 299,
    renewPriceCents: 3499,
    transferPriceCents: 3199,
    promo: true,
    sort: 26,
  },
  {
    suffix: '.store',
    category: 'new',
    registerPriceCents: 199,
    renewPriceCents: 5499,
    transferPriceCents: 4999,
    promo: true,
    sort: 27,
  },
  {
    suffix: '.online',
    category: 'new',
    registerPriceCents: 299,
    renewPriceCents: 3599,
    transferPriceCents: 3299,
    promo: true,
    sort: 28,
  },
  {
    suffix: '.site',
    category: 'new',
    registerPriceCents: 199,
    renewPriceCents: 3299,
    transferPriceCents: 2999,
    promo: true,
    sort: 29,
  },
];

export const domainRegistrations: DomainRegistration[] = [
  // Well-known names
  { fqdn: 'google.com' },
  { fqdn: 'github.com' },
  { fqdn: 'openai.com' },
  { fqdn: 'baidu.com' },
  { fqdn: 'qq.com' },
  { fqdn: 'taobao.com' },
  { fqdn: 'wikipedia.org' },
  { fqdn: 'mozilla.org' },
  { fqdn: 'cloudflare.net' },
  { fqdn: 'speedtest.net' },
  { fqdn: 'yahoo.co.jp' },
  { fqdn: 'rakuten.co.jp' },
  { fqdn: 'nhk.jp' },
  { fqdn: 'sina.com.cn' },
  { fqdn: 'weibo.cn' },
  { fqdn: 'hsbc.com.hk' },
  { fqdn: 'hktvmall.hk' },
  { fqdn: 'shopee.sg' },
  { fqdn: 'pchome.tw' },
  { fqdn: 'perplexity.ai' },
  // Our own
  { fqdn: 'cirrus.cloud' },
  { fqdn: 'cirruscloud.com' },
  { fqdn: 'cirruscloud.net' },
  // Common words already taken
  { fqdn: 'hello.com' },
  { fqdn: 'cloud.com' },
  { fqdn: 'server.net' },
  { fqdn: 'startup.io' },
  { fqdn: 'coffee.co' },
  { fqdn: 'about.me' },
  { fqdn: 'home.dev' },
  { fqdn: 'notes.app' },
  { fqdn: 'blog.xyz' },
  { fqdn: 'music.top' },
  { fqdn: 'vps.cloud' },
  { fqdn: 'robot.tech' },
  { fqdn: 'coffee.shop' },
  { fqdn: 'fashion.store' },
  { fqdn: 'news.online' },
  { fqdn: 'travel.site' },
  { fqdn: 'berlin.de' },
  // Internationalised names, stored as punycode
  { fqdn: 'xn--9kqw2h5zd6yw.com' }, // 云服务器.com
  { fqdn: 'xn--eqrt2g.com' }, // 域名.com
  { fqdn: 'xn--fiq228c5hs.cn' }, // 中文网.cn
  { fqdn: 'xn--gckr3f0f.com' }, // クラウド.com
  { fqdn: 'xn--1lqs71d.jp' }, // 東京.jp
];

export const reservedDomainLabels: ReservedDomainLabel[] = [
  { label: 'nic' },
  { label: 'whois' },
  { label: 'registry' },
  { label: 'example' },
  { label: 'localhost' },
  { label: 'invalid' },
  { label: 'test' },
  { label: 'local' },
  { label: 'admin' },
  { label: 'root' },
  { label: 'www' },
  { label: 'hostmaster' },
  { label: 'postmaster' },
  { label: 'webmaster' },
  { label: 'abuse' },
  { label: 'cirrus' },
  { label: 'cirruscloud' },
];
