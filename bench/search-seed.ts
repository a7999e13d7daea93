/**
 * The documentation at scale for bench/search-scale.ts: 10,000 articles and 10,000 announcements in each of the
 * three languages (60,000 translations) on top of the default seed, in a database of its own (`bench-search`).
 * Texts are drawn from word lists of each language's own hosting vocabulary (Chinese and Japanese written
 * without spaces, Japanese with its particles), with a hash as the random source so every seed writes the same
 * rows. They are written with multi-row inserts and indexed through the application's own indexer
 * (src/server/search/indexer.ts), a batch per transaction, exactly as a back-office save indexes one document.
 */
import { sql } from 'drizzle-orm';
import { loadEnv } from '../src/env';
import type { Locale } from '../src/lib/locales';
import { createDatabase, type Database } from '../src/server/db/client';
import { dropEverything } from '../src/server/db/migrate';
import { migrateAndSeed, type PreparedDatabase } from '../src/server/db/prepare';
import { announcements, announcementTranslations, docArticles, docArticleTranslations } from '../src/server/db/schema';
import { indexAnnouncements, indexArticles } from '../src/server/search/indexer';
import { startTestDatabase } from '../tests/support/test-database';

export const SEARCH_SCALE = { articles: 10_000, announcements: 10_000 } as const;
const LOCALES: Locale[] = ['en', 'zh', 'ja'];
const INSERT_BATCH = 500;
const INDEX_BATCH = 250;

export function startSearchDatabase(): Promise<PreparedDatabase> {
  return startTestDatabase(loadEnv(), 'bench-search');
}

/** Whether the database holds a finished search seed (the marker is written last). */
export async function isSeededForSearch(db: Database): Promise<boolean> {
  const result = await db.execute<{ done: boolean }>(
    sql`select to_regclass('bench_search_seeded') is not null as done`,
  );
  return result.rows[0]?.done === true;
}

/** A number in [0, 1) from (n, k): the same every run. */
function r(n: number, k: number): number {
  let h = (Math.imul(n, 2_654_435_761) ^ Math.imul(k + 1, 1_597_334_677)) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 2_246_822_519) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 3_266_489_917) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_296;
}
const pick = <T>(list: readonly T[], n: number, k: number): T => list[Math.floor(r(n, k) * list.length)] as T;

const EN = {
  nouns: `server servers instance snapshot snapshots volume disk storage backup firewall rule network bandwidth
    traffic region zone image kernel invoice refund payment card balance account token key domain record
    certificate plan upgrade downgrade console password address route latency uptime outage maintenance
    database cache load balancer port policy quota limit billing credit coupon order group member cluster node
    container template script log metric alert webhook api request response session email contract`.split(/\s+/),
  verbs: `create delete resize attach detach restore renew cancel enable disable configure rotate migrate
    upgrade schedule monitor reboot install update verify transfer charge refund export import limit`.split(/\s+/),
  adjectives: `daily monthly hourly automatic manual private public secure fast dedicated shared regional
    global encrypted redundant scheduled pending active expired new default custom`.split(/\s+/),
  glue: `the a your each every this our with for from to in on after before when while`.split(/\s+/),
};
const ZH = {
  nouns: `服务器 实例 快照 云硬盘 块存储 备份 防火墙 规则 网络 带宽 流量 地域 可用区 镜像 内核 发票 退款 付款 余额 账户
    令牌 密钥 域名 解析 证书 套餐 控制台 密码 地址 路由 延迟 可用性 故障 维护 数据库 缓存 负载均衡 端口 策略 配额
    计费 优惠券 订单 拼团 节点 容器 模板 日志 指标 告警 接口 请求 会话 邮件 合同 价格 费用 系统盘`.split(/\s+/),
  verbs: `创建 删除 扩容 挂载 卸载 恢复 续费 取消 启用 停用 配置 轮换 迁移 升级 计划 监控 重启 安装 更新 验证 转移
    扣费 导出 导入 限制 申请 查看 修改`.split(/\s+/),
  adjectives: `每日 每月 按小时 自动 手动 私有 公共 安全 高速 专用 共享 全球 加密 冗余 默认 自定义 新`.split(/\s+/),
  glue: `的 在 后 前 时 并 和 以及 可以 需要 将 会`.split(/\s+/),
};
const JA = {
  nouns: `サーバー インスタンス スナップショット ボリューム ディスク ブロックストレージ バックアップ ファイアウォール
    ルール ネットワーク 帯域幅 通信量 リージョン ゾーン イメージ カーネル 請求書 返金 支払い 残高 アカウント トークン
    キー ドメイン レコード 証明書 プラン コンソール パスワード アドレス ルート 遅延 稼働率 障害 メンテナンス
    データベース キャッシュ ロードバランサー ポート ポリシー 上限 料金 クーポン 注文 グループ ノード コンテナ
    テンプレート ログ メトリクス アラート リクエスト セッション メール 契約 価格 費用`.split(/\s+/),
  verbs: `作成 削除 拡張 接続 切断 復元 更新 解約 有効化 無効化 設定 移行 変更 予約 監視 再起動 導入 確認 転送
    請求 出力 取り込み 制限 申請`.split(/\s+/),
  adjectives: `毎日の 毎月の 時間単位の 自動の 手動の 専用の 共有の 安全な 高速な 暗号化された 既定の 新しい`.split(
    /\s+/,
  ),
  particles: `の を に は が で と から まで も`.split(/\s+/),
};

/** A sentence of about `words` words in the language, as its writers write. */
function sentence(locale: Locale, n: number, k: number, words: number): string {
  const parts: string[] = [];
  if (locale === 'en') {
    for (let i = 0; i < words; i++) {
      const at = k * 31 + i;
      const roll = r(n, at);
      parts.push(
        roll < 0.45
          ? pick(EN.nouns, n, at + 1)
          : roll < 0.65
            ? pick(EN.verbs, n, at + 2)
            : roll < 0.8
              ? pick(EN.adjectives, n, at + 3)
              : pick(EN.glue, n, at + 4),
      );
    }
    const text = parts.join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  }
  if (locale === 'zh') {
    for (let i = 0; i < words; i++) {
      const at = k * 31 + i;
      const roll = r(n, at);
      parts.push(
        roll < 0.45
          ? pick(ZH.nouns, n, at + 1)
          : roll < 0.65
            ? pick(ZH.verbs, n, at + 2)
            : roll < 0.8
              ? pick(ZH.adjectives, n, at + 3)
              : pick(ZH.glue, n, at + 4),
      );
      if (i > 0 && i % 7 === 6) parts.push('，');
    }
    return `${parts.join('')}。`;
  }
  for (let i = 0; i < words; i++) {
    const at = k * 31 + i;
    const roll = r(n, at);
    parts.push(
      roll < 0.55
        ? pick(JA.nouns, n, at + 1)
        : roll < 0.75
          ? `${pick(JA.verbs, n, at + 2)}する`
          : pick(JA.adjectives, n, at + 3),
    );
    parts.push(pick(JA.particles, n, at + 4));
    if (i > 0 && i % 6 === 5) parts.push('、');
  }
  return `${parts.join('')}ます。`;
}

/** An article or announcement text: a title, a summary and a Markdown body of three sections. */
export function benchText(locale: Locale, n: number) {
  const title = sentence(locale, n, 1, 3 + Math.floor(r(n, 2) * 4)).replace(/[.。]$/, '');
  const summary = sentence(locale, n, 3, 10 + Math.floor(r(n, 4) * 8));
  const sections = [5, 6, 7].map((k) => {
    const heading = sentence(locale, n, k * 10, 2 + Math.floor(r(n, k) * 2)).replace(/[.。]$/, '');
    const paragraphs = [1, 2].map((p) => sentence(locale, n, k * 10 + p, 12 + Math.floor(r(n, k * 10 + p + 5) * 14)));
    return `## ${heading}\n\n${paragraphs.join(' ')}`;
  });
  return { title, summary, body: sections.join('\n\n') };
}

const CATEGORIES = ['product', 'pricing', 'developer', 'network', 'policy'];
const ANNOUNCEMENT_CATEGORIES = ['maintenance', 'product', 'security', 'pricing'];

async function timed(name: string, work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  console.error(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Drops the database, migrates, seeds the default data and then the documentation at scale. */
export async function seedSearchScale(url: string): Promise<void> {
  const reset = createDatabase(url, { max: 1, queryTimeoutMs: 0 });
  await dropEverything(reset);
  await reset.$client.end();
  await migrateAndSeed(url, () => {});
  const db = createDatabase(url, { max: 4, queryTimeoutMs: 0 });
  try {
    const slugs: string[] = [];
    await timed(`${SEARCH_SCALE.articles.toLocaleString('en')} articles × 3 languages`, async () => {
      for (let from = 0; from < SEARCH_SCALE.articles; from += INSERT_BATCH) {
        const batch = Array.from({ length: Math.min(INSERT_BATCH, SEARCH_SCALE.articles - from) }, (_, i) => from + i);
        const rows = batch.map((i) => ({ slug: `bench-${i}`, category: pick(CATEGORIES, i, 90), sort: 1000 + i }));
        await db.insert(docArticles).values(rows);
        await db
          .insert(docArticleTranslations)
          .values(
            batch.flatMap((i) => LOCALES.map((locale) => ({ slug: `bench-${i}`, locale, ...benchText(locale, i) }))),
          );
        slugs.push(...rows.map((row) => row.slug));
      }
    });
    const ids: number[] = [];
    await timed(`${SEARCH_SCALE.announcements.toLocaleString('en')} announcements × 3 languages`, async () => {
      for (let from = 0; from < SEARCH_SCALE.announcements; from += INSERT_BATCH) {
        const batch = Array.from(
          { length: Math.min(INSERT_BATCH, SEARCH_SCALE.announcements - from) },
          (_, i) => from + i,
        );
        const made = await db
          .insert(announcements)
          .values(
            batch.map((i) => ({
              category: pick(ANNOUNCEMENT_CATEGORIES, i, 91),
              // A tenth are scheduled for later: not published yet, so never found.
              publishedAt: new Date(
                Date.now() + (r(i, 92) < 0.1 ? 1 : -1) * Math.floor(r(i, 93) * 3 * 365) * 86_400_000,
              ),
            })),
          )
          .returning({ id: announcements.id });
        await db.insert(announcementTranslations).values(
          made.flatMap(({ id }, at) =>
            LOCALES.map((locale) => {
              const { title, body } = benchText(locale, 100_000 + (batch[at] ?? 0));
              return { announcementId: id, locale, title, body };
            }),
          ),
        );
        ids.push(...made.map((m) => m.id));
      }
    });
    await timed('search index, through the application indexer', async () => {
      for (let from = 0; from < slugs.length; from += INDEX_BATCH) {
        await db.transaction((tx) => indexArticles(tx, slugs.slice(from, from + INDEX_BATCH)));
      }
      for (let from = 0; from < ids.length; from += INDEX_BATCH) {
        await db.transaction((tx) => indexAnnouncements(tx, ids.slice(from, from + INDEX_BATCH)));
      }
    });
    await db.execute(sql`vacuum analyze`);
    await db.execute(sql`create table bench_search_seeded (at timestamptz not null default now())`);
  } finally {
    await db.$client.end();
  }
}
