import type * as schema from '../../schema';

/*
 * Seed content for the marketing side of the site: announcements, documentation articles, company
 * history, job openings and customer reviews (docs/design.md#data: realistic and complete in all three languages).
 *
 * Pricing articles never state a price or a number of plans: prices live in the catalog tables and an
 * operator may change them at any time. A line consisting only of `{{catalog:<table>}}` marks where the
 * article page renders the live table (vps-plans, disk-products, bandwidth, traffic, domains).
 */

type Locale = schema.DbLocale;

/** One value per site language; seeded content is never missing a translation. */
export type InAllLocales<T> = { [L in Locale]: T };
/** `Localized` with every language present, so it is assignable to the JSON columns. */
export type LocalizedText = Required<schema.Localized>;
export type LocalizedTextList = Required<schema.LocalizedList>;

export type AnnouncementCategory = 'maintenance' | 'product' | 'promotion' | 'security' | 'company';

export type SeedAnnouncement = {
  category: AnnouncementCategory;
  pinned: boolean;
  publishedAt: Date;
  translations: InAllLocales<Pick<typeof schema.announcementTranslations.$inferInsert, 'title' | 'body'>>;
};

export type DocSlug =
  | 'pricing'
  | 'vps-pricing'
  | 'block-storage-volume-pricing'
  | 'network-pricing'
  | 'legal-and-terms'
  | 'vps'
  | 'api'
  | 'abuse'
  | 'refund'
  | 'affiliate'
  | 'looking-glass-test-latency-network-speed';

export type DocCategory = 'pricing' | 'policy' | 'product' | 'developer' | 'network';

export type SeedDocArticle = {
  slug: DocSlug;
  category: DocCategory;
  sort: number;
  translations: InAllLocales<Pick<typeof schema.docArticleTranslations.$inferInsert, 'title' | 'summary' | 'body'>>;
};

export type SeedHistoryMilestone = { year: number; month: number; title: LocalizedText; body: LocalizedText };

export type JobDepartmentCode = 'engineering' | 'infrastructure' | 'support' | 'sales' | 'marketing';
export type JobLocationCode = 'hong-kong' | 'tokyo' | 'singapore' | 'remote';
export type EmploymentType = 'full-time' | 'part-time' | 'contract' | 'internship';

export type SeedJobDepartment = { code: JobDepartmentCode; name: LocalizedText; sort: number };
export type SeedJobLocation = { code: JobLocationCode; name: LocalizedText; sort: number };

export type SeedJob = {
  department: JobDepartmentCode;
  location: JobLocationCode;
  employmentType: EmploymentType;
  title: LocalizedText;
  summary: LocalizedText;
  responsibilities: LocalizedTextList;
  requirements: LocalizedTextList;
  postedAt: Date;
  active: boolean;
};

export type ReviewStatus = NonNullable<typeof schema.reviews.$inferInsert.status>;

export type SeedReview = {
  authorName: string;
  locale: Locale;
  rating: 1 | 2 | 3 | 4 | 5;
  body: string;
  status: ReviewStatus;
  createdAt: Date;
};

const DAY_MS = 86_400_000;

/**
 * `days` days before `now`, moved to a fixed UTC hour so the seed reads like office-hours publishing.
 * With days >= 1 the result is always in the past.
 */
function daysBefore(now: Date, days: number, utcHour = 2): Date {
  const date = new Date(now.getTime() - days * DAY_MS);
  date.setUTCHours(utcHour, 0, 0, 0);
  return date;
}

function daysAfter(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

const INTL_LOCALE: InAllLocales<string> = { en: 'en-GB', zh: 'zh-CN', ja: 'ja-JP' };

/** A calendar day as readers of each language write it, e.g. "Sunday 29 November 2026" / "2026年11月29日星期日". */
function formatDay(date: Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(date);
}

/** Strips the indentation shared by the lines of a template literal, and its leading and trailing blank lines. */
function md(text: string): string {
  const lines = text
    .replace(/^\s*\n/, '')
    .replace(/\n\s*$/, '')
    .split('\n');
  const indents = lines.filter((line) => line.trim() !== '').map((line) => line.length - line.trimStart().length);
  const indent = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((line) => line.slice(indent)).join('\n');
}

/** Site links carry no prefix in English and /zh or /ja otherwise (docs/product/screens.md#languages-and-addresses). */
function sitePath(locale: Locale, path: string): string {
  return locale === 'en' ? path : `/${locale}${path}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Announcements
// ---------------------------------------------------------------------------------------------------------------

export function announcements(now: Date): SeedAnnouncement[] {
  const tokyoNotice = daysBefore(now, 1, 3);
  const tokyoWork = daysAfter(tokyoNotice, 7);
  const singaporeNotice = daysBefore(now, 165, 6);
  const singaporeWork = daysAfter(singaporeNotice, 10);
  const tokyoDay = (locale: Locale) => formatDay(tokyoWork, locale, 'Asia/Tokyo');
  const singaporeDay = (locale: Locale) => formatDay(singaporeWork, locale, 'Asia/Singapore');

  return [
    {
      category: 'maintenance',
      pinned: true,
      publishedAt: tokyoNotice,
      translations: {
        en: {
          title: 'Scheduled network maintenance in Tokyo (TYO1)',
          body: md(`
            We will upgrade the core routers in our Tokyo (TYO1) data centre and replace the line cards that connect us to our upstream carriers, adding capacity ahead of the year-end traffic peak.

            **Window:** ${tokyoDay('en')}, 02:00-04:00 JST (17:00-19:00 UTC on the previous day)

            **Expected impact**
            - Servers in Tokyo stay powered on; no reboot is needed.
            - Public connectivity may drop up to twice, for at most 5 minutes each time, while BGP sessions move to the new hardware.
            - Private network traffic, block storage and the control panel are not affected.
            - Routes towards mainland China may take slightly different paths for about 15 minutes after the work ends.

            Other regions, including Osaka, are not affected. If you run a latency-sensitive service, you can fail over to Osaka for the duration of the window. We will post progress on this page; if you still see problems afterwards, please open a ticket and attach an \`mtr\` report.
          `),
        },
        zh: {
          title: '东京（TYO1）网络计划维护通知',
          body: md(`
            为应对年末流量高峰，我们将升级东京（TYO1）数据中心的核心路由器，并更换连接上游运营商的线卡，以扩充网络容量。

            **维护时间**：${tokyoDay('zh')} 02:00-04:00（日本时间，即 UTC 前一日 17:00-19:00）

            **预计影响**
            - 东京地域的服务器保持运行，无需重启。
            - BGP 会话切换到新设备时，公网连接可能中断最多两次，每次不超过 5 分钟。
            - 内网流量、块存储和控制台不受影响。
            - 维护结束后约 15 分钟内，前往中国大陆的路由可能略有变化。

            包括大阪在内的其他地域不受影响。如果您的业务对延迟敏感，可以在维护期间临时切换到大阪。我们会在本页更新进展；维护结束后如仍有异常，请提交工单并附上 \`mtr\` 测试结果。
          `),
        },
        ja: {
          title: '東京（TYO1）ネットワーク定期メンテナンスのお知らせ',
          body: md(`
            年末のトラフィック増加に備え、東京（TYO1）データセンターのコアルーターをアップグレードし、上位回線事業者と接続するラインカードを交換します。

            **作業日時**：${tokyoDay('ja')} 02:00〜04:00（日本時間。UTC では前日 17:00〜19:00）

            **想定される影響**
            - 東京リージョンのサーバーは稼働したままで、再起動は不要です。
            - BGP セッションを新しい機器へ切り替える際、インターネット側の通信が最大 2 回、各 5 分以内で途切れる場合があります。
            - プライベートネットワーク、ブロックストレージ、コントロールパネルには影響ありません。
            - 作業終了後 15 分ほど、中国本土向けの経路が一時的に変わる場合があります。

            大阪を含む他のリージョンには影響ありません。遅延に敏感なサービスを運用されている場合は、作業時間中だけ大阪リージョンへ切り替えることもご検討ください。進捗はこのページでお知らせします。作業終了後も問題が続く場合は、\`mtr\` の結果を添えてチケットでお問い合わせください。
          `),
        },
      },
    },
    {
      category: 'product',
      pinned: false,
      publishedAt: daysBefore(now, 6, 1),
      translations: {
        en: {
          title: 'Cirrus Cloud API v2 is generally available',
          body: md(`
            API v2 is now generally available at \`https://api.cirrus.cloud/v2\`. It covers everything you can do with cloud servers in the control panel: servers, volumes, snapshots, security groups, floating IPs and usage.

            What is new compared with v1:
            - Personal access tokens with read-only or read-write scope and an optional expiry date, sent as \`Authorization: Bearer <token>\`.
            - Consistent JSON errors with a stable \`code\` field, and cursor-based pagination on every list.
            - An \`Idempotency-Key\` header on every \`POST\`, so a retried request never creates a second server.
            - Webhooks for server state changes and invoices.

            API v1 keeps working and will be switched off 12 months from today. Account owners who still call it will receive an e-mail 90 days and 30 days before the shutdown. The [API guide](${sitePath('en', '/doc/article/api')}) has a quick start with \`curl\` examples.
          `),
        },
        zh: {
          title: 'Cirrus Cloud API v2 正式发布',
          body: md(`
            API v2 现已正式上线，地址为 \`https://api.cirrus.cloud/v2\`。控制台中云服务器的所有操作均可通过它完成，包括服务器、云硬盘、快照、安全组、浮动 IP 和用量查询。

            与 v1 相比的主要变化：
            - 支持个人访问令牌，可设置只读或读写权限及有效期，通过 \`Authorization: Bearer <token>\` 请求头发送。
            - 统一的 JSON 错误格式，带有固定不变的 \`code\` 字段；所有列表接口均采用游标分页。
            - 所有 \`POST\` 请求支持 \`Idempotency-Key\` 请求头，重试请求不会重复创建服务器。
            - 新增 Webhook，可推送服务器状态变化和账单事件。

            API v1 仍可继续使用，将于 12 个月后停止服务。仍在调用 v1 的账户所有者会在停用前 90 天和 30 天收到邮件提醒。[API 文档](${sitePath('zh', '/doc/article/api')})提供了附带 \`curl\` 示例的快速入门。
          `),
        },
        ja: {
          title: 'Cirrus Cloud API v2 の一般提供を開始しました',
          body: md(`
            API v2 の一般提供を \`https://api.cirrus.cloud/v2\` で開始しました。サーバー、ボリューム、スナップショット、セキュリティグループ、フローティング IP、利用量など、コントロールパネルで行えるクラウドサーバーの操作をすべて API から実行できます。

            v1 からの主な変更点：
            - 読み取り専用／読み書きの権限と有効期限を設定できるパーソナルアクセストークン（\`Authorization: Bearer <token>\` で送信）
            - 固定の \`code\` フィールドを持つ統一された JSON エラー形式と、すべての一覧でのカーソル方式のページング
            - すべての \`POST\` で \`Idempotency-Key\` ヘッダーに対応し、リトライしてもサーバーが二重に作成されません
            - サーバーの状態変化と請求書の Webhook 通知

            API v1 は引き続きご利用いただけますが、本日から 12 か月後に提供を終了します。v1 をご利用中のアカウントオーナーには、終了の 90 日前と 30 日前にメールでお知らせします。\`curl\` の例を含むクイックスタートは [API ガイド](${sitePath('ja', '/doc/article/api')})をご覧ください。
          `),
        },
      },
    },
    {
      category: 'security',
      pinned: true,
      publishedAt: daysBefore(now, 11, 8),
      translations: {
        en: {
          title: 'Security advisory: OpenSSH update and patched images',
          body: md(`
            The OpenSSH project has released a security update for a flaw in \`sshd\` that, under certain conditions, lets an unauthenticated attacker run code on the server. Every server that exposes SSH to the internet is affected until it is updated.

            **What we have done**
            - All Linux images offered when you create or reinstall a server (Ubuntu, Debian, Rocky Linux, AlmaLinux, CentOS Stream) have been rebuilt with the patched packages.
            - The rescue system and our own management hosts are patched.

            **What you need to do**
            Existing servers keep the packages they were installed with, so please update them now:

            \`\`\`bash
            # Ubuntu / Debian
            sudo apt update && sudo apt install --only-upgrade openssh-server && sudo systemctl restart ssh
            # Rocky Linux / AlmaLinux / CentOS Stream
            sudo dnf upgrade -y openssh-server && sudo systemctl restart sshd
            \`\`\`

            If you cannot update right away, limit port 22 to your own IP addresses with a security group; the web console keeps working either way. Questions can be sent to security@cirrus.cloud.
          `),
        },
        zh: {
          title: '安全公告：OpenSSH 更新及已修复的系统镜像',
          body: md(`
            OpenSSH 项目发布了安全更新，修复了 \`sshd\` 中的一个漏洞：在特定条件下，未经身份验证的攻击者可以在服务器上执行代码。所有对公网开放 SSH 的服务器在更新前都会受到影响。

            **我们已完成的工作**
            - 创建或重装服务器时提供的全部 Linux 镜像（Ubuntu、Debian、Rocky Linux、AlmaLinux、CentOS Stream）均已使用修复后的软件包重新构建。
            - 救援系统及我们自身的管理主机均已修复。

            **您需要做的**
            已有服务器仍使用安装时的软件包，请立即更新：

            \`\`\`bash
            # Ubuntu / Debian
            sudo apt update && sudo apt install --only-upgrade openssh-server && sudo systemctl restart ssh
            # Rocky Linux / AlmaLinux / CentOS Stream
            sudo dnf upgrade -y openssh-server && sudo systemctl restart sshd
            \`\`\`

            如果暂时无法更新，请通过安全组将 22 端口限制为仅允许您自己的 IP 访问；Web 控制台不受影响，可照常使用。如有疑问，请发送邮件至 security@cirrus.cloud。
          `),
        },
        ja: {
          title: 'セキュリティ情報：OpenSSH の更新と修正済みイメージの提供',
          body: md(`
            OpenSSH プロジェクトから、\`sshd\` の脆弱性を修正するセキュリティアップデートが公開されました。特定の条件下で、認証されていない攻撃者がサーバー上でコードを実行できるおそれがあります。SSH をインターネットに公開しているサーバーは、更新するまで影響を受けます。

            **当社の対応**
            - サーバーの作成・再インストール時に選択できるすべての Linux イメージ（Ubuntu、Debian、Rocky Linux、AlmaLinux、CentOS Stream）を、修正済みパッケージで再作成しました。
            - レスキューシステムと当社の管理用ホストにも修正を適用済みです。

            **お客様にお願いしたいこと**
            既存のサーバーはインストール時のパッケージのままですので、すぐに更新してください。

            \`\`\`bash
            # Ubuntu / Debian
            sudo apt update && sudo apt install --only-upgrade openssh-server && sudo systemctl restart ssh
            # Rocky Linux / AlmaLinux / CentOS Stream
            sudo dnf upgrade -y openssh-server && sudo systemctl restart sshd
            \`\`\`

            すぐに更新できない場合は、セキュリティグループで 22 番ポートへの接続元をお客様の IP アドレスに限定してください。Web コンソールは引き続きご利用いただけます。ご不明な点は security@cirrus.cloud までお問い合わせください。
          `),
        },
      },
    },
    {
      category: 'promotion',
      pinned: false,
      publishedAt: daysBefore(now, 18, 1),
      translations: {
        en: {
          title: 'Winter Sale: up to 40% off new VPS orders',
          body: md(`
            Our Winter Sale is now live on the [VPS offers page](${sitePath('en', '/activity/vps')}) and runs until the end of the year.

            - Up to 40% off the first term of annual VPS orders in Hong Kong, Tokyo, Osaka and Singapore.
            - Double monthly traffic for the first three months on new servers in Los Angeles and Frankfurt.
            - New customers can still claim the welcome coupon from the [coupon centre](${sitePath('en', '/ac/coupon')}) and use it together with sale prices.

            Stock is limited in each region and each account can buy one discounted server per region. Renewals are charged at the standard price. Sale prices cannot be combined with group-buy offers or with other coupons. The usual 7-day money-back guarantee applies.
          `),
        },
        zh: {
          title: '冬季特惠：新购 VPS 最高立减 40%',
          body: md(`
            冬季特惠已在 [VPS 活动页](${sitePath('zh', '/activity/vps')})上线，持续至今年年底。

            - 香港、东京、大阪、新加坡地域的 VPS 年付订单，首个周期最高优惠 40%。
            - 洛杉矶和法兰克福新购服务器，前三个月每月流量翻倍。
            - 新用户仍可在[优惠券中心](${sitePath('zh', '/ac/coupon')})领取新人优惠券，并与特价叠加使用。

            各地域库存有限，每个账户在每个地域限购一台特价服务器。续费按原价计算。特价不可与拼团活动或其他优惠券同时使用。7 天无理由退款政策照常适用。
          `),
        },
        ja: {
          title: 'ウィンターセール：VPS 新規ご注文が最大 40% オフ',
          body: md(`
            ウィンターセールを [VPS キャンペーンページ](${sitePath('ja', '/activity/vps')})で開催中です。期間は年末までです。

            - 香港・東京・大阪・シンガポールの VPS 年間契約が、初回契約期間に限り最大 40% オフ
            - ロサンゼルスとフランクフルトの新規サーバーは、最初の 3 か月間、月間転送量が 2 倍
            - 新規のお客様は [クーポンセンター](${sitePath('ja', '/ac/coupon')})のウェルカムクーポンをセール価格と併用できます

            各リージョンとも在庫に限りがあり、セール対象サーバーは 1 アカウントにつき各リージョン 1 台までです。更新時は通常料金となります。セール価格は共同購入キャンペーンや他のクーポンとは併用できません。通常どおり 7 日間の返金保証が適用されます。
          `),
        },
      },
    },
    {
      category: 'company',
      pinned: false,
      publishedAt: daysBefore(now, 25, 4),
      translations: {
        en: {
          title: 'Support hours over the year-end and New Year holidays',
          body: md(`
            Ticket support and our network operations centre stay available 24/7 throughout the holidays. Hours for other channels change as follows:

            | Channel | 24 December - 3 January |
            |---|---|
            | Tickets and emergency response | 24/7, as usual |
            | Live chat | 09:00-21:00 HKT |
            | Phone (Hong Kong, Tokyo) | Closed; calls go to voicemail |
            | Sales and billing enquiries | Answered on the next working day |

            Automatic renewals continue over the holidays. Please make sure your account balance or saved card covers renewals due in this period, so that no server is suspended while our billing team is away.
          `),
        },
        zh: {
          title: '年末及新年假期客服时间安排',
          body: md(`
            假期期间，工单支持和网络运维中心照常 7×24 小时服务。其他渠道的服务时间调整如下：

            | 渠道 | 12 月 24 日至 1 月 3 日 |
            |---|---|
            | 工单及紧急故障响应 | 7×24 小时，照常服务 |
            | 在线客服 | 09:00-21:00（香港时间） |
            | 电话（香港、东京） | 暂停，来电转入语音信箱 |
            | 销售及账务咨询 | 下一个工作日回复 |

            假期期间自动续费照常进行。请确保账户余额或已绑定的银行卡足以支付这段时间到期的续费，以免账务团队休假期间服务器因欠费被暂停。
          `),
        },
        ja: {
          title: '年末年始のサポート対応時間について',
          body: md(`
            年末年始もチケットサポートとネットワークオペレーションセンターは 24 時間 365 日対応いたします。その他の窓口は次のとおりです。

            | 窓口 | 12 月 24 日〜1 月 3 日 |
            |---|---|
            | チケット・障害対応 | 通常どおり 24 時間対応 |
            | ライブチャット | 10:00〜22:00（日本時間） |
            | 電話（香港・東京） | 休業（留守番電話で承ります） |
            | 営業・請求に関するお問い合わせ | 翌営業日に回答 |

            期間中も自動更新は通常どおり行われます。担当チームの休業中にサーバーが停止されることのないよう、この期間に更新日を迎えるサービスについては、アカウント残高または登録済みカードの利用枠をご確認ください。
          `),
        },
      },
    },
    {
      category: 'product',
      pinned: false,
      publishedAt: daysBefore(now, 33, 2),
      translations: {
        en: {
          title: 'Ubuntu 24.04 LTS is now the default image',
          body: md(`
            Ubuntu 24.04 LTS (Noble Numbat) is now the default image when you create a server in any region, and a new **minimal** variant is available for containers and small instances.

            Our Ubuntu images include \`cloud-init\`, the QEMU guest agent and kernel settings tuned for NVMe storage, and they are rebuilt every month with the latest security updates. Ubuntu 22.04 LTS remains available.

            To upgrade an existing server from 22.04, take a snapshot first and then run:

            \`\`\`bash
            sudo apt update && sudo apt full-upgrade -y
            sudo do-release-upgrade
            \`\`\`

            If the upgrade leaves the server unable to boot, restore the snapshot or use rescue mode from the control panel.
          `),
        },
        zh: {
          title: 'Ubuntu 24.04 LTS 成为默认系统镜像',
          body: md(`
            现在在任意地域创建服务器时，默认镜像均为 Ubuntu 24.04 LTS（Noble Numbat）；同时新增 **minimal** 精简版，适合容器和小规格实例。

            我们的 Ubuntu 镜像预装 \`cloud-init\` 和 QEMU guest agent，并针对 NVMe 存储优化了内核参数，每月使用最新安全更新重新构建。Ubuntu 22.04 LTS 仍可继续选择。

            如需将现有服务器从 22.04 升级，请先创建快照，然后执行：

            \`\`\`bash
            sudo apt update && sudo apt full-upgrade -y
            sudo do-release-upgrade
            \`\`\`

            如果升级后服务器无法启动，可以回滚快照，或在控制台中使用救援模式进行修复。
          `),
        },
        ja: {
          title: 'Ubuntu 24.04 LTS を標準イメージに変更しました',
          body: md(`
            すべてのリージョンで、サーバー作成時の標準イメージを Ubuntu 24.04 LTS（Noble Numbat）に変更しました。コンテナや小規模なインスタンス向けの **minimal** 版も新たにご利用いただけます。

            当社の Ubuntu イメージには \`cloud-init\` と QEMU ゲストエージェントが含まれ、NVMe ストレージ向けにカーネル設定を調整しています。イメージは毎月、最新のセキュリティ更新を適用して再作成しています。Ubuntu 22.04 LTS も引き続き選択できます。

            既存サーバーを 22.04 からアップグレードする場合は、先にスナップショットを作成してから次のコマンドを実行してください。

            \`\`\`bash
            sudo apt update && sudo apt full-upgrade -y
            sudo do-release-upgrade
            \`\`\`

            アップグレード後に起動しなくなった場合は、スナップショットから復元するか、コントロールパネルのレスキューモードをご利用ください。
          `),
        },
      },
    },
    {
      category: 'promotion',
      pinned: false,
      publishedAt: daysBefore(now, 42, 3),
      translations: {
        en: {
          title: 'Group-buy VPS deals are here',
          body: md(`
            Team up with other customers for a lower price: start or join a group on the [group-buy page](${sitePath('en', '/activity/pintuan/vps')}).

            1. Pick a group-buy offer and pay to start a new group, or join an open group through a link someone shared with you.
            2. When the group reaches the required number of members before the timer runs out, every member's server is created at the group price.
            3. If the group does not fill up in time, your payment is returned in full to your account balance automatically.

            Each account can join one group per offer, and the group price applies to the first billing term. Share your group link on social media or with colleagues to fill it faster.
          `),
        },
        zh: {
          title: 'VPS 拼团活动正式上线',
          body: md(`
            和其他用户一起拼团，享受更低价格：在[拼团页面](${sitePath('zh', '/activity/pintuan/vps')})发起或参与拼团。

            1. 选择拼团商品并付款开团，或通过他人分享的链接加入正在进行的团。
            2. 倒计时结束前成团人数达标，所有成员的服务器将按拼团价自动开通。
            3. 如果到期未成团，款项将全额自动退回您的账户余额。

            每个账户在同一活动中只能参加一个团，拼团价适用于首个计费周期。把拼团链接分享到社交平台或发给同事，可以更快成团。
          `),
        },
        ja: {
          title: 'VPS の共同購入キャンペーンを開始しました',
          body: md(`
            ほかのお客様と一緒に購入すると、よりお得な価格で VPS をご利用いただけます。[共同購入ページ](${sitePath('ja', '/activity/pintuan/vps')})からグループを作成するか、参加してください。

            1. 共同購入プランを選んで支払い、新しいグループを作成します。共有されたリンクから募集中のグループに参加することもできます。
            2. 期限内に必要な人数が集まると、参加者全員のサーバーがグループ価格で作成されます。
            3. 期限までに人数が集まらなかった場合、お支払い額は全額アカウント残高へ自動で返金されます。

            1 つのキャンペーンにつき参加できるグループは 1 アカウント 1 つまでで、グループ価格は初回の契約期間に適用されます。SNS や同僚にリンクを共有すると、より早く人数が集まります。
          `),
        },
      },
    },
    {
      category: 'product',
      pinned: false,
      publishedAt: daysBefore(now, 52, 5),
      translations: {
        en: {
          title: 'Hong Kong: more CN2 GIA capacity and optimised return routes',
          body: md(`
            We have doubled our CN2 GIA capacity in Hong Kong (HKG1) and now send return traffic to China Telecom, China Unicom and China Mobile over optimised paths instead of the public internet.

            Median latency measured by our probes during the evening peak (20:00-23:00 China time):
            - Guangzhou and Shenzhen: 8-12 ms
            - Shanghai: 28-35 ms
            - Beijing: 40-48 ms

            Packet loss stayed below 0.5% during the first two weeks. All existing Hong Kong servers benefit automatically; IP addresses do not change. You can check the route from your own network with the steps in the [looking glass guide](${sitePath('en', '/doc/article/looking-glass-test-latency-network-speed')}).
          `),
        },
        zh: {
          title: '香港地域：CN2 GIA 扩容并优化回程线路',
          body: md(`
            我们将香港（HKG1）的 CN2 GIA 带宽容量提升了一倍，并将前往中国电信、中国联通、中国移动的回程流量改走优化线路，不再经过普通公网。

            晚高峰（北京时间 20:00-23:00）探测点测得的延迟中位数：
            - 广州、深圳：8-12 ms
            - 上海：28-35 ms
            - 北京：40-48 ms

            上线后两周内丢包率始终低于 0.5%。所有现有香港服务器自动生效，IP 地址不变。您可以按照[网络测试指南](${sitePath('zh', '/doc/article/looking-glass-test-latency-network-speed')})从自己的网络测试线路。
          `),
        },
        ja: {
          title: '香港リージョン：CN2 GIA の増強と戻り経路の最適化',
          body: md(`
            香港（HKG1）の CN2 GIA 回線容量を 2 倍に増強し、China Telecom・China Unicom・China Mobile 向けの戻りトラフィックを一般のインターネットではなく最適化された経路で送るようにしました。

            夜間ピーク時間帯（中国時間 20:00〜23:00）に当社の計測ポイントで測定した遅延の中央値：
            - 広州・深圳：8〜12 ms
            - 上海：28〜35 ms
            - 北京：40〜48 ms

            切り替え後 2 週間のパケットロス率は 0.5% 未満でした。既存の香港サーバーにも自動的に適用され、IP アドレスは変わりません。お客様のネットワークからの経路は、[ネットワーク測定ガイド](${sitePath('ja', '/doc/article/looking-glass-test-latency-network-speed')})の手順で確認できます。
          `),
        },
      },
    },
    {
      category: 'product',
      pinned: false,
      publishedAt: daysBefore(now, 64, 2),
      translations: {
        en: {
          title: 'Lower prices for block storage volumes',
          body: md(`
            NVMe block storage volumes are now up to 25% cheaper in every region. Existing volumes move to the new price automatically from their next billing cycle; you do not need to do anything.

            We have also raised the maximum volume size to 16 TB, and volumes can now be enlarged while they are attached and in use. Snapshot storage prices are unchanged.

            See [block storage pricing](${sitePath('en', '/doc/article/block-storage-volume-pricing')}) for the current prices in USD, HKD and JPY.
          `),
        },
        zh: {
          title: '块存储云硬盘降价',
          body: md(`
            所有地域的 NVMe 块存储云硬盘价格最高下调 25%。现有云硬盘将从下一个计费周期起自动按新价格计费，无需任何操作。

            同时，单块云硬盘的容量上限提升至 16 TB，并且支持在挂载和使用状态下在线扩容。快照存储价格保持不变。

            最新的美元、港币和日元价格请查看[块存储价格](${sitePath('zh', '/doc/article/block-storage-volume-pricing')})。
          `),
        },
        ja: {
          title: 'ブロックストレージを値下げしました',
          body: md(`
            全リージョンで NVMe ブロックストレージボリュームの料金を最大 25% 値下げしました。既存のボリュームも次回の請求サイクルから自動的に新料金となり、お手続きは不要です。

            あわせて、1 ボリュームあたりの最大容量を 16 TB に引き上げ、接続・使用中のままでも容量を拡張できるようになりました。スナップショットの保存料金に変更はありません。

            米ドル・香港ドル・日本円での最新料金は [ブロックストレージの料金](${sitePath('ja', '/doc/article/block-storage-volume-pricing')})をご覧ください。
          `),
        },
      },
    },
    {
      category: 'company',
      pinned: false,
      publishedAt: daysBefore(now, 76, 3),
      translations: {
        en: {
          title: 'New payment methods: Alipay, WeChat Pay and PayPay',
          body: md(`
            You can now top up your account balance and pay invoices with three more methods:

            - **Alipay** and **WeChat Pay**, charged in HKD
            - **PayPay**, charged in JPY

            They join Visa, Mastercard, JCB and American Express cards, PayPal and bank transfer (FPS in Hong Kong). Payments with the new methods are credited to your balance within a minute.

            Automatic renewal still uses your account balance first and then a saved card, because wallet payments cannot be charged without you confirming them. Refunds go back to the wallet you paid with.
          `),
        },
        zh: {
          title: '新增支付方式：支付宝、微信支付和 PayPay',
          body: md(`
            现在您可以使用以下三种新方式为账户充值或支付账单：

            - **支付宝**和**微信支付**，以港币结算
            - **PayPay**，以日元结算

            此前已支持 Visa、Mastercard、JCB、American Express 信用卡，PayPal 以及银行转账（香港可用转数快 FPS）。使用新方式付款后，款项通常在一分钟内到账。

            由于电子钱包付款需要您本人确认，自动续费仍会先扣除账户余额，余额不足时再从已绑定的银行卡扣款。退款将原路退回您付款时使用的钱包。
          `),
        },
        ja: {
          title: '新しいお支払い方法：Alipay・WeChat Pay・PayPay に対応しました',
          body: md(`
            アカウント残高へのチャージと請求書のお支払いに、次の 3 つの方法が加わりました。

            - **Alipay** と **WeChat Pay**（香港ドル建て）
            - **PayPay**（日本円建て）

            これまでの Visa・Mastercard・JCB・American Express の各カード、PayPal、銀行振込（香港では FPS）に加えてご利用いただけます。新しい方法でのお支払いは、通常 1 分以内に残高へ反映されます。

            ウォレット決済はお客様ご自身の承認が必要なため、自動更新は引き続きアカウント残高、次に登録済みカードの順で請求されます。返金はお支払いに使われたウォレットへ行われます。
          `),
        },
      },
    },
    {
      category: 'security',
      pinned: false,
      publishedAt: daysBefore(now, 90, 6),
      translations: {
        en: {
          title: 'Free DDoS protection upgraded in all regions',
          body: md(`
            The always-on DDoS protection included with every server has been upgraded in all eight regions.

            - Detection now takes under 3 seconds, and layer 3/4 floods (SYN, UDP, amplification) are filtered at our edge before they reach your server.
            - Filtering capacity per IP address has been raised in Hong Kong, Tokyo, Osaka and Singapore.
            - If an attack exceeds the included capacity, the targeted IP is null-routed for 15 minutes instead of 2 hours, and the account owner receives an e-mail with the attack size and type.

            The protection is free and needs no setup. If you are regularly targeted, please contact sales about advanced protection with higher capacity and application-layer filtering.
          `),
        },
        zh: {
          title: '所有地域免费 DDoS 防护全面升级',
          body: md(`
            每台服务器默认附带的常开型 DDoS 防护已在全部八个地域完成升级。

            - 攻击检测时间缩短至 3 秒以内，SYN、UDP、反射放大等三/四层洪水攻击在我们的网络边缘即被清洗，不会到达您的服务器。
            - 香港、东京、大阪、新加坡地域的单 IP 防护能力均已提升。
            - 攻击超出免费防护能力时，被攻击的 IP 将被黑洞 15 分钟（原为 2 小时），账户所有者会收到包含攻击规模和类型的邮件通知。

            该防护免费提供，无需任何配置。如果您的业务经常遭受攻击，请联系销售团队了解具备更高防护能力和应用层过滤的高级防护方案。
          `),
        },
        ja: {
          title: '全リージョンで無料の DDoS 対策を強化しました',
          body: md(`
            すべてのサーバーに標準で含まれる常時稼働の DDoS 対策を、全 8 リージョンで強化しました。

            - 検知時間は 3 秒未満になり、SYN・UDP・リフレクションなどの L3/L4 攻撃は当社のエッジでフィルタリングされ、お客様のサーバーには届きません。
            - 香港・東京・大阪・シンガポールでは、IP アドレスあたりの防御容量を引き上げました。
            - 攻撃が標準の防御容量を超えた場合、対象 IP のヌルルート時間を 2 時間から 15 分に短縮しました。アカウントオーナーには攻撃の規模と種類をメールでお知らせします。

            この対策は無料で、設定も不要です。頻繁に攻撃を受ける場合は、より大きな防御容量とアプリケーション層のフィルタリングを備えた高度な DDoS 対策について営業チームまでご相談ください。
          `),
        },
      },
    },
    {
      category: 'maintenance',
      pinned: false,
      publishedAt: daysBefore(now, 108, 2),
      translations: {
        en: {
          title: 'Debian 11 (bullseye) reaches end of life: image retirement',
          body: md(`
            Long-term support for Debian 11 "bullseye" ends on 31 August 2026. From that date:

            - Debian 11 is removed from the image list when you create or reinstall a server.
            - Existing Debian 11 servers keep running, but they no longer receive security updates.
            - Snapshots of Debian 11 servers can still be restored.

            We recommend moving to Debian 12 "bookworm" or Debian 13 "trixie". For an in-place upgrade, take a snapshot, point \`/etc/apt/sources.list\` at \`bookworm\`, then run \`apt update && apt full-upgrade\` and reboot. For production systems, building a new server and migrating your data is usually the safer path.
          `),
        },
        zh: {
          title: 'Debian 11（bullseye）生命周期结束，镜像将下线',
          body: md(`
            Debian 11 "bullseye" 的长期支持将于 2026 年 8 月 31 日结束。自该日起：

            - 创建或重装服务器时，将不再提供 Debian 11 镜像。
            - 现有 Debian 11 服务器可继续运行，但不会再获得安全更新。
            - Debian 11 服务器的快照仍可正常回滚。

            建议迁移至 Debian 12 "bookworm" 或 Debian 13 "trixie"。如需原地升级，请先创建快照，将 \`/etc/apt/sources.list\` 中的版本代号改为 \`bookworm\`，执行 \`apt update && apt full-upgrade\` 后重启。对于生产环境，新建服务器并迁移数据通常更加稳妥。
          `),
        },
        ja: {
          title: 'Debian 11（bullseye）のサポート終了とイメージ提供終了について',
          body: md(`
            Debian 11「bullseye」の長期サポートは 2026 年 8 月 31 日に終了します。同日以降は次のとおりとなります。

            - サーバーの作成・再インストール時のイメージ一覧から Debian 11 を削除します。
            - 既存の Debian 11 サーバーは引き続き動作しますが、セキュリティ更新は提供されなくなります。
            - Debian 11 サーバーのスナップショットは引き続き復元できます。

            Debian 12「bookworm」または Debian 13「trixie」への移行をおすすめします。インプレースでアップグレードする場合は、スナップショットを作成したうえで \`/etc/apt/sources.list\` のコードネームを \`bookworm\` に変更し、\`apt update && apt full-upgrade\` を実行して再起動してください。本番環境では、新しいサーバーを作成してデータを移行する方法がより安全です。
          `),
        },
      },
    },
    {
      category: 'product',
      pinned: false,
      publishedAt: daysBefore(now, 130, 1),
      translations: {
        en: {
          title: 'New region: Osaka, Japan (OSA1)',
          body: md(`
            Osaka (OSA1) is now open as our eighth region, joining Hong Kong, Tokyo, Singapore, Los Angeles, Frankfurt, Seoul and Taipei.

            - Standard and high-frequency VPS plans, NVMe block storage and snapshots are available from today; dedicated servers follow later this year.
            - Osaka and Tokyo are about 8 ms apart, which makes the pair a good choice for active-standby setups and for keeping backups in a second Japanese region.
            - Upstream connectivity includes direct peering at the Osaka internet exchanges and routes optimised for Korea and East China.

            Choose **Osaka** as the region on the [VPS purchase page](${sitePath('en', '/product/vps-buy')}). The test IP for the region is listed on the VPS page.
          `),
        },
        zh: {
          title: '新地域上线：日本大阪（OSA1）',
          body: md(`
            大阪（OSA1）正式开放，成为继香港、东京、新加坡、洛杉矶、法兰克福、首尔和台北之后的第八个地域。

            - 即日起可购买标准型和高主频 VPS、NVMe 块存储及快照服务；独立服务器将于今年稍后上线。
            - 大阪与东京之间的延迟约 8 ms，非常适合搭建主备架构，或将备份保存在日本的第二个地域。
            - 上游网络包括大阪本地互联网交换中心的直连对等互联，以及针对韩国和华东地区优化的线路。

            在 [VPS 购买页面](${sitePath('zh', '/product/vps-buy')})选择 **大阪** 地域即可下单。该地域的测试 IP 列在 VPS 产品页面上。
          `),
        },
        ja: {
          title: '新リージョン「大阪（OSA1）」を開設しました',
          body: md(`
            香港・東京・シンガポール・ロサンゼルス・フランクフルト・ソウル・台北に続く 8 番目のリージョンとして、大阪（OSA1）の提供を開始しました。

            - スタンダードおよび高クロックの VPS プラン、NVMe ブロックストレージ、スナップショットを本日からご利用いただけます。専用サーバーは年内に提供予定です。
            - 大阪と東京の間の遅延は約 8 ms で、アクティブ／スタンバイ構成や、国内の別リージョンへのバックアップ保管に適しています。
            - 大阪のインターネットエクスチェンジでの直接ピアリングに加え、韓国および中国華東地域向けに最適化した経路を用意しています。

            [VPS 購入ページ](${sitePath('ja', '/product/vps-buy')})でリージョンに **大阪** を選択してください。リージョンのテスト IP は VPS ページに掲載しています。
          `),
        },
      },
    },
    {
      category: 'maintenance',
      pinned: false,
      publishedAt: singaporeNotice,
      translations: {
        en: {
          title: 'Block storage maintenance in Singapore (SIN1)',
          body: md(`
            We will update the firmware and storage software of the block storage cluster in Singapore (SIN1).

            **Window:** ${singaporeDay('en')}, 02:00-06:00 SGT (18:00-22:00 UTC on the previous day)

            **Expected impact**
            - Servers and attached volumes stay online; disk latency may rise for a few seconds at a time while storage nodes restart one by one.
            - Creating, attaching, detaching and resizing volumes, and taking snapshots, are paused for the whole window.
            - No data loss is expected: every volume keeps three replicas throughout the work.

            Please avoid scheduling heavy batch jobs or database maintenance during the window, and make sure your own backups are current.
          `),
        },
        zh: {
          title: '新加坡（SIN1）块存储集群维护通知',
          body: md(`
            我们将对新加坡（SIN1）块存储集群的固件和存储软件进行升级。

            **维护时间**：${singaporeDay('zh')} 02:00-06:00（新加坡时间，即 UTC 前一日 18:00-22:00）

            **预计影响**
            - 服务器及已挂载的云硬盘保持在线；存储节点逐台重启时，磁盘延迟可能出现数秒的短暂升高。
            - 维护期间暂停云硬盘的创建、挂载、卸载、扩容以及快照创建操作。
            - 预计不会造成数据丢失：维护全程每块云硬盘均保持三副本。

            请避免在维护期间安排大型批处理任务或数据库维护，并确认您自己的备份为最新状态。
          `),
        },
        ja: {
          title: 'シンガポール（SIN1）ブロックストレージのメンテナンスのお知らせ',
          body: md(`
            シンガポール（SIN1）のブロックストレージクラスターについて、ファームウェアとストレージソフトウェアを更新します。

            **作業日時**：${singaporeDay('ja')} 02:00〜06:00（シンガポール時間。UTC では前日 18:00〜22:00）

            **想定される影響**
            - サーバーと接続中のボリュームはオンラインのままです。ストレージノードを 1 台ずつ再起動する際、ディスクの遅延が数秒間大きくなる場合があります。
            - 作業時間中は、ボリュームの作成・接続・切断・容量変更とスナップショットの作成を停止します。
            - データが失われることは想定していません。作業中も各ボリュームの 3 つのレプリカを維持します。

            作業時間中は大規模なバッチ処理やデータベースのメンテナンスを避け、お客様ご自身のバックアップが最新であることをご確認ください。
          `),
        },
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Documentation articles (the slugs of docs/product/screens.md#documentation, in that order)
// ---------------------------------------------------------------------------------------------------------------

export const docArticles: SeedDocArticle[] = [
  {
    slug: 'pricing',
    category: 'pricing',
    sort: 10,
    translations: {
      en: {
        title: 'Pricing overview',
        summary:
          'How Cirrus Cloud bills: hourly and term billing, currencies, taxes, failed payments and traffic overage, with the live price tables for every product.',
        body: md(`
          ## How billing works

          Every account has a prepaid **account balance**. New orders and renewals are paid from the balance first; if it does not cover the amount and you have saved a card, the rest is charged to the card. You can top up with cards, PayPal, Alipay, WeChat Pay, PayPay or bank transfer.

          Most products can be billed in one of two ways:

          | | Hourly (pay as you go) | Monthly or annual term |
          |---|---|---|
          | Payment | Deducted from your balance every hour | Paid in advance for the whole term |
          | Commitment | None; delete the resource at any time | Until the end of the term |
          | Monthly cap | Never more than the monthly price per calendar month | Fixed price |
          | Term discounts | Not available | Longer terms cost less per month |

          An hourly resource is charged for every started hour from creation until deletion. **Powering a server off does not stop billing**, because its CPU, memory, disk and IP address stay reserved for you; delete the server to stop the charges.

          ## Live prices

          The tables below are read from our catalog and shown in the currency selected at the top of the page.

          ### Cloud servers (VPS and dedicated)

          {{catalog:vps-plans}}

          ### Block storage

          {{catalog:disk-products}}

          ### Bandwidth and traffic

          {{catalog:bandwidth}}

          {{catalog:traffic}}

          ### Domains

          {{catalog:domains}}

          ## Currencies

          Prices are set in US dollars. Hong Kong dollar and Japanese yen prices are converted at the exchange rate published on the site, which is refreshed every 24 hours; yen amounts are rounded to whole yen. Your account currency is fixed by your first payment and invoices are issued in it. You are charged the price shown at the moment you pay.

          ## Upgrades, downgrades and proration

          When you upgrade a term server part-way through its term, you pay only the difference for the remaining days. When you downgrade, the difference for the remaining days is credited to your account balance. Hourly resources switch to the new hourly rate from the next hour.

          ## Taxes

          Prices exclude tax, except on the Japanese site in yen, where each price is shown with Japanese consumption tax first (税込) and without it beside. At checkout you confirm your billing country, and if you are a business your company and tax id; the country decides the tax, which is computed once on the order's total and shown on its own line before you order. Customers in Hong Kong and the United States pay no tax. Customers in Japan are charged Japanese consumption tax and receive qualified invoices. EU businesses with a valid VAT number are invoiced under the reverse-charge rule; EU consumers pay the VAT rate of their country. Customers in Singapore are charged GST. Every paid order gets an invoice in your language, which you download from the order's page or from the payment confirmation e-mail.

          ## If a payment fails

          1. **Due date:** we try your balance and saved card and e-mail you. Services keep running during a 3-day grace period.
          2. **After the grace period:** the service is suspended. Servers are powered off, but their disks and IP addresses are kept.
          3. **7 days after suspension:** the service is deleted together with its disks and snapshots, and its IP addresses are released. Deleted data cannot be recovered.

          Hourly resources are suspended as soon as the balance falls below zero. We e-mail you when your balance would last less than three days at your current usage.

          ## Traffic overage

          Each server includes a monthly outbound traffic allowance; inbound traffic is free. Once the allowance is used up, the server is slowed to a lower port speed until it resets, at no extra charge; a traffic package keeps it at full speed. Traffic is never billed per GB after the fact. See [network pricing](${sitePath('en', '/doc/article/network-pricing')}) for details.
        `),
      },
      zh: {
        title: '价格总览',
        summary:
          'Cirrus Cloud 的计费方式：按小时与包周期计费、币种、税费、付款失败和流量超额的处理，以及各产品的实时价格表。',
        body: md(`
          ## 计费方式

          每个账户都有一个预付费的**账户余额**。新订单和续费优先从余额中扣除；余额不足且已绑定银行卡时，差额将从银行卡扣款。您可以使用信用卡、PayPal、支付宝、微信支付、PayPay 或银行转账充值。

          大多数产品支持以下两种计费方式：

          | | 按小时计费（按量付费） | 按月或按年包周期 |
          |---|---|---|
          | 付款方式 | 每小时从余额中扣费 | 按整个周期预先付费 |
          | 使用承诺 | 无，可随时删除资源 | 至周期结束 |
          | 每月上限 | 每个自然月不超过月付价格 | 固定价格 |
          | 长周期优惠 | 不适用 | 周期越长，月均价格越低 |

          按小时计费的资源从创建到删除，不足一小时按一小时计费。**服务器关机后仍会继续计费**，因为其 CPU、内存、磁盘和 IP 地址仍为您保留；如需停止计费，请删除服务器。

          ## 实时价格

          以下表格直接读取产品目录，并以页面顶部所选的币种显示。

          ### 云服务器（VPS 与独立服务器）

          {{catalog:vps-plans}}

          ### 块存储

          {{catalog:disk-products}}

          ### 带宽与流量

          {{catalog:bandwidth}}

          {{catalog:traffic}}

          ### 域名

          {{catalog:domains}}

          ## 币种

          价格以美元定价。港币和日元价格按本站公布的汇率换算，汇率每 24 小时更新一次，日元金额取整到元。账户币种由首次付款确定，账单也以该币种开具。实际扣款以付款时显示的价格为准。

          ## 升级、降级与按比例计费

          包周期服务器在周期中途升级时，只需支付剩余天数的差价；降级时，剩余天数的差价将退回账户余额。按小时计费的资源从下一个小时起按新单价计费。

          ## 税费

          价格不含税；日文站点以日元显示时，每个价格先显示含日本消费税的金额（税込），并在旁边显示不含税金额。下单时请确认账单所在国家或地区，企业客户还可填写公司名称和税号；税费由账单国家或地区决定，按订单总额一次计算，并在下单前单独列出。香港和美国客户无需缴税。日本客户需加收日本消费税，并可获得合格发票（適格請求書）。持有有效增值税号的欧盟企业客户适用反向征收；欧盟个人客户按所在国家的增值税税率计税。新加坡客户需缴纳 GST。每笔已付款订单都会以您的语言开具发票，可在订单页面或付款确认邮件中下载。

          ## 付款失败时

          1. **到期日**：我们会尝试从余额和已绑定的银行卡扣款，并发送邮件通知。服务在 3 天宽限期内保持运行。
          2. **宽限期结束后**：服务将被暂停。服务器会关机，但磁盘和 IP 地址仍会保留。
          3. **暂停 7 天后**：服务连同磁盘和快照一起被删除，IP 地址被回收。删除的数据无法恢复。

          按小时计费的资源在余额低于零时会立即暂停。按当前用量余额不足三天时，我们会发送邮件提醒。

          ## 流量超额

          每台服务器每月包含一定的出方向流量额度，入方向流量免费。额度用完后，服务器将限速至较低的端口速率直到额度重置，不产生额外费用；加购流量包即可保持全速。流量不会在事后按 GB 计费。详情请参阅[网络价格](${sitePath('zh', '/doc/article/network-pricing')})。
        `),
      },
      ja: {
        title: '料金の概要',
        summary:
          'Cirrus Cloud の課金の仕組み（時間課金と契約期間、通貨、税金、お支払いができなかった場合、転送量の超過）と、各製品の最新料金表をまとめています。',
        body: md(`
          ## 課金の仕組み

          すべてのアカウントには前払い式の**アカウント残高**があります。新規注文と更新はまず残高から支払われ、不足する場合は登録済みのカードに残りを請求します。残高へのチャージには、クレジットカード、PayPal、Alipay、WeChat Pay、PayPay、銀行振込をご利用いただけます。

          ほとんどの製品は、次の 2 つの課金方式から選べます。

          | | 時間課金（従量課金） | 月額・年額の契約期間 |
          |---|---|---|
          | お支払い | 1 時間ごとに残高から差し引き | 契約期間分を前払い |
          | 契約の縛り | なし（いつでも削除可能） | 契約期間の終了まで |
          | 月額上限 | 暦月あたり月額料金を超えません | 固定料金 |
          | 長期割引 | 対象外 | 期間が長いほど月あたりの料金が割安 |

          時間課金のリソースは、作成から削除まで、1 時間未満の利用も 1 時間として課金されます。**サーバーを停止しても課金は止まりません。** CPU、メモリ、ディスク、IP アドレスを確保し続けるためです。課金を止めるにはサーバーを削除してください。

          ## 最新の料金

          以下の表は製品カタログから読み込まれ、ページ上部で選択した通貨で表示されます。

          ### クラウドサーバー（VPS・専用サーバー）

          {{catalog:vps-plans}}

          ### ブロックストレージ

          {{catalog:disk-products}}

          ### 帯域幅と転送量

          {{catalog:bandwidth}}

          {{catalog:traffic}}

          ### ドメイン

          {{catalog:domains}}

          ## 通貨

          料金は米ドルで設定しています。香港ドルと日本円の料金は、当サイトで公開している為替レート（24 時間ごとに更新）で換算し、日本円は円未満を四捨五入します。アカウントの通貨は最初のお支払い時に決まり、請求書もその通貨で発行されます。請求額はお支払い時点で表示されている料金です。

          ## アップグレード・ダウングレードと日割り計算

          契約期間の途中でサーバーをアップグレードする場合は、残り日数分の差額のみをお支払いいただきます。ダウングレードする場合は、残り日数分の差額をアカウント残高に返金します。時間課金のリソースは、次の 1 時間から新しい料金が適用されます。

          ## 税金

          日本語サイトで日本円を選んだ場合、料金は消費税込みの金額（税込）を先に、税抜の金額を併せて表示します。それ以外の言語・通貨の料金は税抜です。ご注文時に請求先の国・地域と、法人の場合は会社名と税番号をご確認いただきます。税金は請求先の国・地域で決まり、ご注文の合計額に対して 1 回だけ計算して、ご注文前に別の行で表示します。香港と米国のお客様には税金はかかりません。日本のお客様には消費税を加算し、適格請求書を発行します。有効な VAT 番号をお持ちの EU の法人のお客様にはリバースチャージを適用し、EU の個人のお客様には居住国の VAT 税率を適用します。シンガポールのお客様には GST を加算します。お支払い済みのご注文にはすべて、お客様の言語で請求書を発行します。ご注文ページまたはお支払い確認メールからダウンロードできます。

          ## お支払いができなかった場合

          1. **支払期日**：残高と登録済みカードへの請求を試み、メールでお知らせします。3 日間の猶予期間中はサービスを継続します。
          2. **猶予期間の終了後**：サービスを一時停止します。サーバーの電源は切られますが、ディスクと IP アドレスは保持されます。
          3. **一時停止から 7 日後**：サービスをディスク・スナップショットとともに削除し、IP アドレスを解放します。削除したデータは復元できません。

          時間課金のリソースは、残高がマイナスになった時点で一時停止します。現在の利用状況で残高が 3 日分を下回ると、メールでお知らせします。

          ## 転送量の超過

          各サーバーには毎月の送信（アウトバウンド）転送量の枠が含まれ、受信は無料です。枠を使い切った後は、枠がリセットされるまでポート速度を下げて通信を続け、追加料金はかかりません。転送量パックを追加すれば速度を維持できます。転送量が後から GB 単位で課金されることはありません。詳しくは[ネットワーク料金](${sitePath('ja', '/doc/article/network-pricing')})をご覧ください。
        `),
      },
    },
  },
  {
    slug: 'vps-pricing',
    category: 'pricing',
    sort: 20,
    translations: {
      en: {
        title: 'VPS and dedicated server pricing',
        summary:
          'What every cloud server plan includes, why prices differ by region, how hourly and term billing apply, and which extras are charged separately.',
        body: md(`
          ## What every plan includes

          - vCPU and memory as listed for the plan, on KVM virtualisation; memory is never overcommitted
          - An NVMe system disk, sized per plan
          - One public IPv4 address and a /64 IPv6 range
          - A port speed and a monthly outbound traffic allowance, both shown in the table
          - Always-on DDoS protection, security groups, the web console and rescue mode
          - Linux images at no extra cost

          ## Plans and prices

          The table shows every plan on sale at its lowest regional price, in the currency you selected; the configurator shows the price in the region you pick. Prices exclude tax, except on the Japanese site in yen, where the table shows each price with consumption tax first (税込) and without it beneath. Hourly prices are given only for plans that can be billed by the hour.

          {{catalog:vps-plans}}

          ## Plan families

          - **Standard**: balanced vCPU and memory with guaranteed resources. Good for websites, small databases, VPNs and development servers.
          - **High-frequency**: newer CPUs with higher sustained clock speeds and faster NVMe. Good for game servers, CI runners and latency-sensitive APIs.
          - **Dedicated**: a whole physical server for you alone, with no neighbours. Dedicated servers are billed by monthly or longer term only and are normally handed over within one working day.

          ## Why prices differ by region

          Bandwidth, power and carrier costs are not the same everywhere. Regions with premium routes to mainland China, such as Hong Kong with CN2 GIA, cost more than regions that rely on standard international transit. Each region adds its own percentage to the plan, bandwidth and traffic prices; disks, snapshots and licences cost the same everywhere.

          {{catalog:regions}}

          ## Hourly or term billing

          Standard and high-frequency plans can be billed hourly or by term (monthly, quarterly, half-yearly or annual). Hourly billing never costs more than the monthly price in a calendar month: you pay that month's price as credit to your balance when you order, and each hour is drawn from it. Term billing gets cheaper the longer the term, and most promotions require it. The discount applies to the plan and its add-ons, not to licences.

          {{catalog:terms}}

          ## Changing plans

          You can move a server to a larger plan at any time; it restarts once. Because disks can only grow, you can move to a smaller plan only if its system disk is at least as large as your current one. On term servers you pay, or receive to your balance, the prorated difference for the remaining days.

          ## Charged separately

          - Additional IPv4 addresses
          - Block storage volumes and snapshot storage, see [block storage pricing](${sitePath('en', '/doc/article/block-storage-volume-pricing')})
          - Traffic beyond the allowance and traffic packages, see [network pricing](${sitePath('en', '/doc/article/network-pricing')})
          - Windows Server licences, billed per vCPU every month of the term
          - Control panel licences such as cPanel

          {{catalog:licences}}

          To cancel, delete the server in the customer centre. Hourly servers stop billing at once; term servers are covered by the [refund policy](${sitePath('en', '/doc/article/refund')}).
        `),
      },
      zh: {
        title: 'VPS 与独立服务器价格',
        summary: '各云服务器套餐包含哪些资源、不同地域价格为何不同、按小时与包周期计费如何适用，以及哪些项目单独收费。',
        body: md(`
          ## 每个套餐均包含

          - 套餐所列的 vCPU 和内存，基于 KVM 虚拟化，内存绝不超售
          - 按套餐配置的 NVMe 系统盘
          - 1 个公网 IPv4 地址和 1 个 /64 IPv6 地址段
          - 端口带宽和每月出方向流量额度，具体见下表
          - 常开型 DDoS 防护、安全组、Web 控制台和救援模式
          - 免费使用各类 Linux 镜像

          ## 套餐与价格

          下表列出所有在售套餐在各地域中的最低价格，以您选择的币种显示；在配置页选择地域后即可看到该地域的价格。价格不含税；日文站点以日元显示时，表中每个价格先显示含消费税的金额（税込），其下为不含税金额。仅支持按小时计费的套餐才显示小时价格。

          {{catalog:vps-plans}}

          ## 套餐系列

          - **标准型**：vCPU 与内存配比均衡，资源有保障。适合网站、小型数据库、VPN 和开发服务器。
          - **高主频型**：采用更新的 CPU，持续主频更高，NVMe 更快。适合游戏服务器、CI 构建机和对延迟敏感的 API。
          - **独立服务器**：整台物理服务器由您独享，没有其他租户。独立服务器仅支持按月或更长周期付费，通常在一个工作日内交付。

          ## 不同地域价格为何不同

          各地的带宽、电力和运营商成本并不相同。提供中国大陆优化线路的地域（例如接入 CN2 GIA 的香港）价格高于使用普通国际线路的地域。每个地域在套餐、带宽和流量价格上加收各自的百分比；云硬盘、快照和许可证在所有地域价格相同。

          {{catalog:regions}}

          ## 按小时还是包周期

          标准型和高主频型套餐可按小时计费，也可按月、按季、按半年或按年包周期。按小时计费在一个自然月内的费用不会超过月付价格：下单时将该月价格作为余额预付，之后每小时从余额中扣费。包周期的周期越长越优惠，大多数促销活动也要求包周期购买。折扣适用于套餐及其附加项，不适用于许可证。

          {{catalog:terms}}

          ## 变更套餐

          您可以随时将服务器升级到更高配置的套餐，期间服务器会重启一次。由于磁盘只能扩容，只有当目标套餐的系统盘不小于当前系统盘时，才能降级。包周期服务器按剩余天数补缴差价，或将差价退回账户余额。

          ## 单独收费的项目

          - 额外的 IPv4 地址
          - 块存储云硬盘和快照存储，参见[块存储价格](${sitePath('zh', '/doc/article/block-storage-volume-pricing')})
          - 超出额度的流量和流量包，参见[网络价格](${sitePath('zh', '/doc/article/network-pricing')})
          - Windows Server 许可证，在整个周期内按 vCPU 数逐月计费
          - cPanel 等面板许可证

          {{catalog:licences}}

          如需退订，请在客户中心删除服务器。按小时计费的服务器立即停止计费；包周期服务器请参阅[退款政策](${sitePath('zh', '/doc/article/refund')})。
        `),
      },
      ja: {
        title: 'VPS・専用サーバーの料金',
        summary:
          '各クラウドサーバープランに含まれるもの、リージョンによって料金が異なる理由、時間課金と契約期間の違い、別料金となる項目を説明します。',
        body: md(`
          ## すべてのプランに含まれるもの

          - プランに記載の vCPU とメモリ（KVM 仮想化。メモリのオーバーコミットは行いません）
          - プランごとの容量の NVMe システムディスク
          - パブリック IPv4 アドレス 1 個と /64 の IPv6 アドレス
          - ポート速度と毎月の送信転送量の枠（いずれも表に記載）
          - 常時稼働の DDoS 対策、セキュリティグループ、Web コンソール、レスキューモード
          - Linux イメージ（追加料金なし）

          ## プランと料金

          販売中のすべてのプランを、各リージョンのうち最も安い料金で、選択した通貨で表示しています。リージョンを選んだ料金は構成ページでご確認いただけます。日本円の表では、各料金を消費税込みの金額（税込）で先に、その下に税抜の金額を表示します。それ以外の通貨の料金は税抜です。時間料金は時間課金に対応したプランのみ表示します。

          {{catalog:vps-plans}}

          ## プランの種類

          - **スタンダード**：vCPU とメモリのバランスが良く、リソースが保証されたプランです。Web サイト、小規模なデータベース、VPN、開発用サーバーに適しています。
          - **高クロック**：新しい世代の CPU で高いクロックを維持し、NVMe も高速です。ゲームサーバー、CI ランナー、遅延に敏感な API に適しています。
          - **専用サーバー**：物理サーバー 1 台をお客様だけでご利用いただけます。専用サーバーは月額以上の契約期間のみで、通常 1 営業日以内にお引き渡しします。

          ## リージョンによって料金が異なる理由

          帯域、電力、回線事業者のコストは地域によって異なります。香港の CN2 GIA のように中国本土向けのプレミアム回線を備えたリージョンは、一般的な国際トランジットを使うリージョンより高めの料金となります。各リージョンはプラン、帯域、転送量の料金にそれぞれの割合を加算します。ディスク、スナップショット、ライセンスはどのリージョンでも同じ料金です。

          {{catalog:regions}}

          ## 時間課金と契約期間

          スタンダードと高クロックのプランは、時間課金と契約期間（月・四半期・半年・年）のどちらでもご利用いただけます。時間課金は暦月あたり月額料金を超えることはありません。ご注文時にその月の料金をクレジットとして残高にお支払いいただき、1 時間ごとにそこから差し引きます。契約期間は長いほど割安になり、ほとんどのキャンペーンは契約期間でのご購入が条件です。割引はプランと追加オプションに適用され、ライセンスには適用されません。

          {{catalog:terms}}

          ## プランの変更

          より上位のプランへはいつでも変更でき、変更時にサーバーが 1 回再起動します。ディスクは拡張のみ可能なため、下位のプランへ変更できるのは、変更先のシステムディスクが現在の容量以上の場合に限ります。契約期間のサーバーは、残り日数分の差額をお支払いいただくか、アカウント残高に返金します。

          ## 別料金の項目

          - 追加の IPv4 アドレス
          - ブロックストレージとスナップショットの保存容量（[ブロックストレージの料金](${sitePath('ja', '/doc/article/block-storage-volume-pricing')})）
          - 枠を超えた転送量と転送量パック（[ネットワーク料金](${sitePath('ja', '/doc/article/network-pricing')})）
          - Windows Server ライセンス（契約期間中、vCPU 数に応じて毎月課金）
          - cPanel などのコントロールパネルのライセンス

          {{catalog:licences}}

          解約するには、カスタマーセンターでサーバーを削除してください。時間課金のサーバーはその時点で課金が止まります。契約期間のサーバーについては[返金ポリシー](${sitePath('ja', '/doc/article/refund')})をご覧ください。
        `),
      },
    },
  },
  {
    slug: 'block-storage-volume-pricing',
    category: 'pricing',
    sort: 30,
    translations: {
      en: {
        title: 'Block storage and snapshot pricing',
        summary:
          'How NVMe block storage volumes and snapshots are billed, when billing starts and stops, and how to keep storage costs under control.',
        body: md(`
          ## What you pay for

          Block storage volumes are network disks on NVMe, replicated three times inside their region. You attach a volume to one server in the same region, and you can detach it and attach it to another server at any time. Volumes are billed separately from the system disk that comes with each plan.

          {{catalog:disk-products}}

          The table lists each storage type with its price per GB, and the minimum size and size step in which it can be ordered.

          ## How volumes are billed

          - You pay for the **provisioned** size, not for the space your files use.
          - Billing starts when the volume is created and continues while it is detached. It stops only when the volume is deleted.
          - A volume attached to a term server can follow the server's term, or be billed hourly on its own.
          - Enlarging a volume takes effect at once, and the extra size is charged prorated for the rest of the term. Volumes cannot be shrunk.

          ## Snapshots

          Snapshots are point-in-time copies of a system disk or a volume, stored in the same region.

          - Snapshots are taken by a snapshot policy chosen with the server. A policy is billed at its flat monthly price per server, whatever the size of the disks and of what it keeps; the weekly policy is free.
          - The first snapshot of a disk is a full copy; later ones store only the blocks that changed since.
          - A policy keeps a set number of copies and deletes the oldest one; its price does not depend on how many it keeps.
          - Deleting a server does not delete its snapshots; delete them separately when you no longer need them.

          | Resource | Billed by | Billing stops when |
          |---|---|---|
          | System disk | Included in the server plan | The server is deleted |
          | Block storage volume | Provisioned GB | The volume is deleted |
          | Snapshot policy | A flat monthly price per server | The policy is removed or the server is deleted |

          ## Keeping storage costs down

          - Start with a small volume and enlarge it when you need to; enlarging is online and takes seconds.
          - Check for detached volumes in the customer centre under **[My products → Disks](customer-centre:/myProduct/cvm/disk)**. They are billed even when no server uses them.
          - Use a snapshot policy with a sensible retention instead of keeping manual snapshots forever.
          - Delete the snapshots of servers you have already removed.
        `),
      },
      zh: {
        title: '块存储与快照价格',
        summary: 'NVMe 块存储云硬盘和快照如何计费、何时开始和停止计费，以及如何控制存储成本。',
        body: md(`
          ## 计费对象

          块存储云硬盘是基于 NVMe 的网络磁盘，在所在地域内保存三副本。云硬盘可挂载到同一地域的一台服务器上，也可以随时卸载后挂载到另一台服务器。云硬盘与套餐自带的系统盘分开计费。

          {{catalog:disk-products}}

          上表列出了各类存储的每 GB 价格，以及可订购的最小容量和扩容步长。

          ## 云硬盘如何计费

          - 按**购买的容量**计费，而不是按文件实际占用的空间计费。
          - 从创建云硬盘时开始计费，卸载状态下也会继续计费，只有删除后才停止计费。
          - 挂载到包周期服务器的云硬盘，可以跟随服务器的周期计费，也可以单独按小时计费。
          - 扩容立即生效，新增容量按剩余周期比例计费。云硬盘不支持缩容。

          ## 快照

          快照是系统盘或云硬盘在某一时刻的副本，保存在同一地域。

          - 快照由购买服务器时选择的快照策略创建。快照策略按每台服务器固定月价计费，与磁盘大小和保存的数据量无关；每周快照策略免费。
          - 磁盘的第一个快照为完整副本，之后的快照只保存发生变化的数据块。
          - 快照策略会保留固定数量的副本，并删除最旧的一份；价格与保留的份数无关。
          - 删除服务器不会删除其快照，不再需要时请单独删除。

          | 资源 | 计费依据 | 停止计费的时间 |
          |---|---|---|
          | 系统盘 | 包含在服务器套餐中 | 删除服务器时 |
          | 块存储云硬盘 | 购买的容量（GB） | 删除云硬盘时 |
          | 快照策略 | 每台服务器固定月价 | 取消策略或删除服务器时 |

          ## 降低存储成本的建议

          - 先购买较小的云硬盘，需要时再扩容；扩容在线完成，只需几秒钟。
          - 定期在客户中心的 **[我的产品 → 云硬盘](customer-centre:/myProduct/cvm/disk)** 中检查未挂载的云硬盘，即使没有服务器使用，它们也会计费。
          - 使用保留数量合理的快照策略，而不是长期保留手动快照。
          - 删除已删除服务器遗留的快照。
        `),
      },
      ja: {
        title: 'ブロックストレージとスナップショットの料金',
        summary:
          'NVMe ブロックストレージとスナップショットの課金方法、課金の開始と終了のタイミング、ストレージ費用を抑えるコツを説明します。',
        body: md(`
          ## 課金の対象

          ブロックストレージボリュームは NVMe 上のネットワークディスクで、リージョン内で 3 重に複製されます。同じリージョンのサーバー 1 台に接続して使い、いつでも切断して別のサーバーへ接続し直せます。ボリュームは、各プランに含まれるシステムディスクとは別に課金されます。

          {{catalog:disk-products}}

          表には、ストレージの種類ごとの GB あたりの料金と、注文できる最小容量および容量の刻みを記載しています。

          ## ボリュームの課金

          - ファイルの使用量ではなく、**確保した容量**に対して課金されます。
          - 課金はボリュームの作成時に始まり、切断中も続きます。課金が止まるのはボリュームを削除したときだけです。
          - 契約期間のサーバーに接続したボリュームは、サーバーの契約期間に合わせることも、単独で時間課金にすることもできます。
          - 容量の拡張はすぐに反映され、追加分は契約期間の残りに応じて日割りで課金されます。容量の縮小はできません。

          ## スナップショット

          スナップショットは、システムディスクまたはボリュームのある時点のコピーで、同じリージョンに保存されます。

          - スナップショットは、サーバーの注文時に選んだスナップショットポリシーが作成します。ポリシーはサーバー 1 台ごとの定額の月額料金で、ディスクの容量や保存データ量には左右されません。週次のポリシーは無料です。
          - 最初のスナップショットは完全なコピーで、2 回目以降は変更されたブロックだけを保存します。
          - ポリシーは決まった数のコピーを保持し、最も古いものから削除します。料金は保持数に左右されません。
          - サーバーを削除してもスナップショットは削除されません。不要になったら個別に削除してください。

          | リソース | 課金の基準 | 課金が止まるとき |
          |---|---|---|
          | システムディスク | サーバープランに含まれる | サーバーを削除したとき |
          | ブロックストレージ | 確保した容量（GB） | ボリュームを削除したとき |
          | スナップショットポリシー | サーバー 1 台ごとの定額の月額料金 | ポリシーを外すかサーバーを削除したとき |

          ## ストレージ費用を抑えるには

          - 小さな容量から始めて、必要になったら拡張してください。拡張はオンラインで数秒で完了します。
          - カスタマーセンターの **[マイ製品 → ディスク](customer-centre:/myProduct/cvm/disk)** で、切断されたままのボリュームがないか確認してください。使われていなくても課金されます。
          - 手動のスナップショットを残し続けるのではなく、適切な保持数のスナップショットポリシーを使いましょう。
          - 削除済みのサーバーのスナップショットは削除しましょう。
        `),
      },
    },
  },
  {
    slug: 'network-pricing',
    category: 'pricing',
    sort: 40,
    translations: {
      en: {
        title: 'Network pricing: bandwidth and traffic',
        summary:
          'How port speed, monthly traffic allowances, overage and traffic packages are billed for cloud servers, and what counts as traffic.',
        body: md(`
          ## Bandwidth and traffic

          Two things decide what your server's network costs:

          - **Bandwidth** is the port speed of the server's public interface: how fast it can send and receive.
          - **Traffic** is the amount of data the server sends to the internet in a billing cycle.

          Every plan comes with a port speed and a traffic allowance. You can raise the port speed or add traffic when you order, or at any time later.

          ## Bandwidth options

          {{catalog:bandwidth}}

          A bandwidth change takes effect within a minute and needs no restart. On term servers, the difference is prorated for the remaining days.

          ## Traffic packages and overage

          {{catalog:traffic}}

          ## What counts as traffic

          - Outbound traffic from the server's public IPv4 and IPv6 addresses counts against the allowance.
          - Inbound traffic is free.
          - Traffic over the private network between servers in the same region is free and unlimited.
          - Traffic between two of our regions crosses the internet and counts as outbound traffic.

          The allowance resets at the start of each billing cycle of the server; for hourly servers, on the first day of each calendar month (UTC). Unused allowance does not carry over, and the allowances of different servers are not pooled.

          ## When the allowance runs out

          In the customer centre you choose, for each server, what happens:

          1. **Throttle:** the server keeps working at a reduced port speed until the allowance resets. There is no extra charge.
          2. **Add a traffic package:** the server keeps its full speed on the package's traffic, at the package's price in the table above. Traffic is never billed per GB after the fact.

          A traffic package is used after the included allowance, and is valid until the end of the current billing cycle.

          ## Watching your usage

          We e-mail you when a server has used 80% and 100% of its allowance. The customer centre shows traffic per day, and so does the API at \`GET /v2/servers/{id}/usage\`.

          ## Other network items

          - Additional IPv4 addresses are billed monthly per address; IPv6 addresses are free.
          - Always-on DDoS protection is included with every server; advanced protection is quoted on request.
          - Reverse DNS can be set for every IP address at no charge.
        `),
      },
      zh: {
        title: '网络价格：带宽与流量',
        summary: '云服务器的端口带宽、每月流量额度、超额流量和流量包如何计费，以及哪些流量会被计入。',
        body: md(`
          ## 带宽与流量

          服务器的网络费用由两部分决定：

          - **带宽**是服务器公网网卡的端口速率，即收发数据的速度上限。
          - **流量**是服务器在一个计费周期内发往公网的数据量。

          每个套餐都包含一定的端口带宽和流量额度。您可以在下单时或之后随时提升带宽或增加流量。

          ## 带宽选项

          {{catalog:bandwidth}}

          调整带宽在一分钟内生效，无需重启。包周期服务器按剩余天数比例计算差价。

          ## 流量包与超额流量

          {{catalog:traffic}}

          ## 哪些流量会被计入

          - 服务器公网 IPv4 和 IPv6 地址的出方向流量计入额度。
          - 入方向流量免费。
          - 同一地域内服务器之间通过内网传输的流量免费且不限量。
          - 我们两个地域之间的流量经由公网传输，计为出方向流量。

          流量额度在服务器每个计费周期开始时重置；按小时计费的服务器在每个自然月的第一天（UTC）重置。未用完的额度不会结转，不同服务器的额度也不能合并使用。

          ## 额度用完后

          您可以在客户中心为每台服务器分别选择处理方式：

          1. **限速**：服务器以较低的端口速率继续运行，直到额度重置，不产生额外费用。
          2. **加购流量包**：服务器使用流量包内的流量保持全速，按上表中流量包的价格计费。流量不会在事后按 GB 计费。

          流量包在套餐内额度用完后使用，有效期至当前计费周期结束。

          ## 查看用量

          服务器用量达到额度的 80% 和 100% 时，我们会发送邮件提醒。客户中心可以查看每日流量，也可以通过 API \`GET /v2/servers/{id}/usage\` 查询。

          ## 其他网络项目

          - 额外的 IPv4 地址按个按月计费；IPv6 地址免费。
          - 每台服务器均包含常开型 DDoS 防护；高级防护请联系销售报价。
          - 每个 IP 地址都可以免费设置反向解析（rDNS）。
        `),
      },
      ja: {
        title: 'ネットワーク料金：帯域幅と転送量',
        summary:
          'クラウドサーバーのポート速度、毎月の転送量の枠、超過分、転送量パックの課金方法と、転送量として数えられる通信を説明します。',
        body: md(`
          ## 帯域幅と転送量

          サーバーのネットワーク料金は、次の 2 つで決まります。

          - **帯域幅**は、サーバーのパブリックインターフェースのポート速度で、送受信できる速さの上限です。
          - **転送量**は、請求サイクルの間にサーバーがインターネットへ送信するデータの量です。

          すべてのプランにポート速度と転送量の枠が含まれています。ご注文時またはその後いつでも、ポート速度の引き上げや転送量の追加ができます。

          ## 帯域幅のオプション

          {{catalog:bandwidth}}

          帯域幅の変更は 1 分以内に反映され、再起動は不要です。契約期間のサーバーでは、残り日数に応じて差額を日割り計算します。

          ## 転送量パックと超過料金

          {{catalog:traffic}}

          ## 転送量として数えられる通信

          - サーバーのパブリック IPv4・IPv6 アドレスからの送信が、枠に対してカウントされます。
          - 受信は無料です。
          - 同じリージョン内のサーバー間のプライベートネットワーク通信は、無料かつ無制限です。
          - 当社のリージョン間の通信はインターネットを経由するため、送信転送量としてカウントされます。

          枠はサーバーの請求サイクルの開始時にリセットされます。時間課金のサーバーは毎月 1 日（UTC）にリセットされます。使い残した枠は繰り越されず、複数のサーバーの枠を合算することもできません。

          ## 枠を使い切ったとき

          カスタマーセンターで、サーバーごとに次のどちらかを選べます。

          1. **速度制限**：枠がリセットされるまで、低いポート速度で通信を続けます。追加料金はかかりません。
          2. **転送量パックを追加する**：パックの転送量の範囲で速度を維持します。料金は上の表のパック料金で、転送量が後から GB 単位で課金されることはありません。

          転送量パックはプランの枠を使い切った後に消費され、有効期限は現在の請求サイクルの終わりまでです。

          ## 利用状況の確認

          サーバーが枠の 80% と 100% に達すると、メールでお知らせします。日ごとの転送量はカスタマーセンターのほか、API の \`GET /v2/servers/{id}/usage\` でも確認できます。

          ## そのほかのネットワーク項目

          - 追加の IPv4 アドレスは 1 個ごとの月額課金です。IPv6 アドレスは無料です。
          - すべてのサーバーに常時稼働の DDoS 対策が含まれます。高度な DDoS 対策はお見積もりとなります。
          - すべての IP アドレスで逆引き DNS を無料で設定できます。
        `),
      },
    },
  },
  {
    slug: 'legal-and-terms',
    category: 'policy',
    sort: 50,
    translations: {
      en: {
        title: 'Legal and terms of service',
        summary:
          'A plain-language summary of the terms for Cirrus Cloud services: your account, acceptable use, the 99.95% SLA and its credits, data protection, liability and governing law.',
        body: md(`
          This page summarises the agreement between you and **Cirrus Cloud Limited**, a company incorporated in Hong Kong. The full terms are available in the customer centre and prevail over this summary.

          ## Your account

          - You must be at least 18 years old, or act for an organisation that authorised you, and give accurate contact and billing details.
          - You are responsible for everything done with your account and API tokens. Turn on two-factor authentication and keep tokens secret.
          - Welcome offers and trials are limited to one per person or organisation.

          ## Acceptable use

          You may not use our services to:

          - send unsolicited bulk e-mail, or host phishing pages, malware or botnet controllers;
          - attack, scan or try to break into systems you are not authorised to test, including denial-of-service attacks;
          - run open proxies, open DNS resolvers or open mail relays;
          - store or distribute material that infringes intellectual property rights, or that is illegal in Hong Kong or in the country where it is hosted;
          - mine cryptocurrency on shared-CPU plans, or otherwise use shared hardware in a way that harms other customers.

          Violations are handled as described in the [abuse policy](${sitePath('en', '/doc/article/abuse')}).

          ## Service level agreement

          We commit to **99.95% monthly availability** for cloud servers, block storage and the public network in every region. A service counts as unavailable when it cannot be reached for more than five consecutive minutes because of a fault on our side. If we miss the target, you receive a service credit:

          | Monthly availability | Credit, as a share of the affected service's monthly fee |
          |---|---|
          | Below 99.95% | 10% |
          | Below 99.9% | 25% |
          | Below 99.0% | 50% |
          | Below 95.0% | 100% |

          Credits are added to your account balance and are not paid out in cash. Claim them by ticket within 30 days after the end of the affected month. The SLA does not cover maintenance announced at least 72 hours in advance, problems caused by your own software or configuration, null-routing during DDoS attacks, suspension for non-payment or abuse, or force majeure.

          ## Data protection

          - Your data stays in the region you choose; we do not move it elsewhere unless you ask us to.
          - We process personal data under the Hong Kong Personal Data (Privacy) Ordinance and, for the Frankfurt region and customers in the EU, the GDPR. A data processing agreement is available on request.
          - Our staff do not look at the contents of your servers unless you ask for help and allow it, or the law requires it.
          - We disclose customer data only in response to a valid legal order from a competent authority, and we tell you about it unless the law forbids us to.
          - You are responsible for backing up your data. When a service is deleted, its disks are wiped and cannot be recovered.

          Our information security management system is certified to ISO/IEC 27001.

          ## Liability

          Our total liability for any claim is limited to the fees you paid for the affected service in the 12 months before the claim. We are not liable for indirect losses such as lost profits.

          ## Changes and governing law

          We announce material changes by e-mail and on the announcements page at least 30 days before they take effect; if you do not agree, you may cancel and receive a prorated refund of prepaid fees. These terms are governed by the laws of the Hong Kong Special Administrative Region, and the courts of Hong Kong have exclusive jurisdiction. Questions about these terms can be sent to legal@cirrus.cloud.
        `),
      },
      zh: {
        title: '法律条款与服务协议',
        summary:
          '以通俗语言概述 Cirrus Cloud 服务条款：账户责任、可接受使用政策、99.95% SLA 及赔偿、数据保护、责任限制和适用法律。',
        body: md(`
          本页概述您与 **Cirrus Cloud Limited**（一家在香港注册成立的公司）之间的协议。完整条款可在客户中心查阅，如与本摘要不一致，以完整条款为准。

          ## 您的账户

          - 您须年满 18 周岁，或代表已授权您的组织，并提供真实的联系和账单信息。
          - 您需对账户和 API 令牌下发生的一切操作负责。请开启双重验证，并妥善保管令牌。
          - 新人优惠和试用每个个人或组织限享一次。

          ## 可接受使用政策

          您不得使用我们的服务：

          - 发送未经请求的批量邮件，或托管钓鱼网页、恶意软件、僵尸网络控制端；
          - 攻击、扫描或试图入侵未经授权测试的系统，包括发起拒绝服务攻击；
          - 运行开放代理、开放 DNS 解析器或开放邮件中继；
          - 存储或传播侵犯知识产权的内容，或在香港及服务器所在国家/地区属违法的内容；
          - 在共享 CPU 套餐上挖矿，或以其他损害其他客户的方式占用共享硬件。

          违规行为将按照[滥用处理政策](${sitePath('zh', '/doc/article/abuse')})处理。

          ## 服务等级协议（SLA）

          我们承诺所有地域的云服务器、块存储和公网的**月度可用性达到 99.95%**。因我方故障导致服务连续超过五分钟无法访问，即视为不可用。未达到承诺时，您可获得以下服务赔偿：

          | 月度可用性 | 赔偿额度（占受影响服务月费的比例） |
          |---|---|
          | 低于 99.95% | 10% |
          | 低于 99.9% | 25% |
          | 低于 99.0% | 50% |
          | 低于 95.0% | 100% |

          赔偿金额计入账户余额，不可提现。请在受影响月份结束后 30 天内通过工单申请。以下情况不在 SLA 范围内：提前至少 72 小时公告的维护、您自己的软件或配置导致的问题、DDoS 攻击期间的黑洞处理、因欠费或滥用导致的暂停，以及不可抗力。

          ## 数据保护

          - 您的数据保存在您选择的地域；除非您要求，我们不会将其迁移到其他地域。
          - 我们依照香港《个人资料（私隐）条例》处理个人资料；对于法兰克福地域及欧盟客户，同时遵守 GDPR。可应要求签署数据处理协议（DPA）。
          - 除非您请求协助并授权，或法律另有要求，我们的员工不会查看您服务器中的内容。
          - 我们仅在收到主管机关依法出具的有效命令时才会披露客户数据，并会通知您，除非法律禁止。
          - 您有责任自行备份数据。服务删除后，其磁盘将被擦除且无法恢复。

          我们的信息安全管理体系已通过 ISO/IEC 27001 认证。

          ## 责任限制

          对于任何索赔，我们的总责任以索赔前 12 个月内您为受影响服务支付的费用为上限。我们不对利润损失等间接损失承担责任。

          ## 条款变更与适用法律

          重大变更将至少提前 30 天通过邮件和公告页面通知；如您不同意，可退订服务，并按比例获得预付费用的退款。本条款受香港特别行政区法律管辖，香港法院拥有专属管辖权。有关条款的问题，请发送邮件至 legal@cirrus.cloud。
        `),
      },
      ja: {
        title: '法的事項と利用規約',
        summary:
          'Cirrus Cloud の利用規約の要点（アカウント、禁止事項、稼働率 99.95% の SLA と返金クレジット、データ保護、責任の制限、準拠法）をわかりやすくまとめています。',
        body: md(`
          このページでは、お客様と **Cirrus Cloud Limited**（香港法人）との契約の要点をご説明します。規約の全文はカスタマーセンターでご覧いただけ、本ページより全文が優先されます。

          ## アカウント

          - 18 歳以上であるか、権限を与えられた組織の代表者として、正確な連絡先と請求先の情報をご登録ください。
          - アカウントと API トークンで行われたすべての操作について、お客様が責任を負います。二要素認証を有効にし、トークンは厳重に管理してください。
          - ウェルカム特典やトライアルは、個人または組織につき 1 回限りです。

          ## 禁止事項

          当社のサービスを次の目的で利用することはできません。

          - 迷惑メールの大量送信、フィッシングサイト・マルウェア・ボットネットの指令サーバーの設置
          - テストの許可を得ていないシステムへの攻撃、スキャン、侵入の試み（DoS 攻撃を含む）
          - オープンプロキシ、オープン DNS リゾルバ、オープンメールリレーの運用
          - 知的財産権を侵害するコンテンツや、香港またはサーバー所在国の法律に違反するコンテンツの保存・配布
          - 共有 CPU プランでの暗号資産のマイニングなど、共有ハードウェアをほかのお客様に悪影響を与える形で使用すること

          違反への対応は[不正利用ポリシー](${sitePath('ja', '/doc/article/abuse')})に従います。

          ## サービスレベル契約（SLA）

          全リージョンのクラウドサーバー、ブロックストレージ、インターネット接続について、**月間稼働率 99.95%** をお約束します。当社側の障害により 5 分以上連続して接続できない状態を、利用できない時間とみなします。目標を下回った場合は、次のサービスクレジットを提供します。

          | 月間稼働率 | クレジット（対象サービスの月額料金に対する割合） |
          |---|---|
          | 99.95% 未満 | 10% |
          | 99.9% 未満 | 25% |
          | 99.0% 未満 | 50% |
          | 95.0% 未満 | 100% |

          クレジットはアカウント残高に加算され、現金での払い戻しはできません。対象月の終了から 30 日以内にチケットでご申請ください。72 時間以上前に告知したメンテナンス、お客様のソフトウェアや設定に起因する問題、DDoS 攻撃時のヌルルート、料金未払いや不正利用による停止、不可抗力は SLA の対象外です。

          ## データ保護

          - データはお客様が選んだリージョンに保存され、ご依頼がない限りほかのリージョンへ移すことはありません。
          - 個人データは香港の個人データ（プライバシー）条例に従って取り扱い、フランクフルトリージョンと EU のお客様については GDPR にも従います。データ処理契約（DPA）はご要望に応じて締結します。
          - お客様からサポートのご依頼と許可をいただいた場合や法令で求められた場合を除き、当社スタッフがサーバーの内容を見ることはありません。
          - お客様データの開示は、権限のある機関からの有効な法的命令があった場合に限り、法令で禁止されていない限りお客様にお知らせします。
          - データのバックアップはお客様の責任で行ってください。サービスを削除すると、ディスクは消去され復元できません。

          当社の情報セキュリティマネジメントシステムは ISO/IEC 27001 の認証を取得しています。

          ## 責任の制限

          当社の責任の総額は、請求の前 12 か月間に対象サービスについてお客様が支払った料金を上限とします。逸失利益などの間接的な損害については責任を負いません。

          ## 規約の変更と準拠法

          重要な変更は、効力発生の 30 日以上前にメールとお知らせページで告知します。同意いただけない場合は解約でき、前払い料金は日割りで返金します。本規約は香港特別行政区の法律に準拠し、香港の裁判所を専属的合意管轄裁判所とします。規約に関するお問い合わせは legal@cirrus.cloud までお送りください。
        `),
      },
    },
  },
  {
    slug: 'vps',
    category: 'product',
    sort: 60,
    translations: {
      en: {
        title: 'Cloud servers (VPS)',
        summary:
          'KVM cloud servers on NVMe storage in eight regions: features, creating your first server, snapshots, security groups, rescue mode and the web console.',
        body: md(`
          ## Overview

          Cirrus Cloud servers are KVM virtual machines with full hardware virtualisation: your own kernel, root access and guaranteed memory. System disks and volumes are on NVMe SSDs. Servers run in Hong Kong, Tokyo, Osaka, Singapore, Seoul, Taipei, Los Angeles and Frankfurt.

          | Feature | What you get |
          |---|---|
          | Virtualisation | KVM, full root access, your own kernel or a custom ISO |
          | Storage | NVMe system disk, plus block storage volumes of up to 16 TB |
          | Network | Public IPv4, a /64 IPv6 range, free private network within a region |
          | Protection | Always-on DDoS protection and security groups |
          | Recovery | Snapshots, automatic snapshot policies and rescue mode |
          | Access | SSH keys, web console and API v2 |

          Need a whole machine? Dedicated servers are managed from the same control panel.

          ## Create your first server

          1. Open the [VPS purchase page](${sitePath('en', '/product/vps-buy')}) and choose the region closest to your users.
          2. Choose an image (Ubuntu, Debian, Rocky Linux, AlmaLinux, Windows Server and more) and a plan.
          3. Add your SSH public key. Without a key we generate a root password and show it once.
          4. Pick a security group; the default one allows SSH, HTTP, HTTPS and ping.
          5. Choose hourly or term billing and confirm. Most servers are running within a minute.

          \`\`\`bash
          ssh root@203.0.113.10
          \`\`\`

          ## Snapshots

          Take a snapshot from the server's **Snapshots** tab before risky changes. You can restore it onto the same server, or create a new server from it in the same region. Snapshot policies take snapshots automatically, for example every night at 03:00, and keep as many copies as you set. For a consistent database snapshot, flush or pause writes first.

          ## Security groups

          Security groups are stateful firewalls applied on the host, before traffic reaches your server. A server can have several groups, and their rules are combined. Changes apply within seconds without a restart. The default group:

          | Direction | Protocol | Port | Source | Action |
          |---|---|---|---|---|
          | Inbound | TCP | 22, 80, 443 | Any | Allow |
          | Inbound | ICMP | - | Any | Allow |
          | Inbound | All | All | Any | Deny |
          | Outbound | All | All | Any | Allow |

          Outbound port 25 (SMTP) is blocked for new accounts to prevent spam; the [abuse policy](${sitePath('en', '/doc/article/abuse')}) explains how to have it opened.

          ## Rescue mode

          If a server no longer boots, for example after a broken \`/etc/fstab\` or a failed kernel update, turn on **Rescue mode**. The server restarts into a small Linux system loaded over the network, with your system disk available as \`/dev/vda\`:

          \`\`\`bash
          mount /dev/vda1 /mnt
          chroot /mnt
          passwd root    # or repair /etc/fstab, reinstall the kernel, ...
          \`\`\`

          Turn rescue mode off to boot from your own disk again.

          ## Web console

          The web console shows the server's screen and takes keyboard input in your browser. It works even when networking inside the server is broken or SSH is blocked, and it can send Ctrl+Alt+Del. Open it from the server's page in the control panel.

          ## Limits

          A new account can run up to 10 servers at the same time. Open a ticket if you need more.
        `),
      },
      zh: {
        title: '云服务器（VPS）',
        summary:
          '覆盖八个地域、基于 NVMe 存储的 KVM 云服务器：功能介绍、创建第一台服务器、快照、安全组、救援模式和 Web 控制台。',
        body: md(`
          ## 概述

          Cirrus Cloud 云服务器是基于 KVM 完全虚拟化的虚拟机：独立内核、完整 root 权限、内存有保障。系统盘和云硬盘均采用 NVMe SSD。可选地域包括香港、东京、大阪、新加坡、首尔、台北、洛杉矶和法兰克福。

          | 功能 | 说明 |
          |---|---|
          | 虚拟化 | KVM，完整 root 权限，可使用自定义内核或 ISO |
          | 存储 | NVMe 系统盘，可另挂最大 16 TB 的块存储云硬盘 |
          | 网络 | 公网 IPv4、/64 IPv6 地址段，同地域内网免费 |
          | 防护 | 常开型 DDoS 防护和安全组 |
          | 恢复 | 快照、自动快照策略和救援模式 |
          | 访问 | SSH 密钥、Web 控制台和 API v2 |

          需要整台物理机？独立服务器同样在这个控制台中管理。

          ## 创建第一台服务器

          1. 打开 [VPS 购买页面](${sitePath('zh', '/product/vps-buy')})，选择离您的用户最近的地域。
          2. 选择镜像（Ubuntu、Debian、Rocky Linux、AlmaLinux、Windows Server 等）和套餐。
          3. 添加您的 SSH 公钥。如未添加，系统会生成 root 密码并仅显示一次。
          4. 选择安全组；默认安全组放行 SSH、HTTP、HTTPS 和 ping。
          5. 选择按小时或包周期计费并确认。大多数服务器在一分钟内即可开始运行。

          \`\`\`bash
          ssh root@203.0.113.10
          \`\`\`

          ## 快照

          在进行有风险的操作前，可以在服务器的 **快照** 标签页中创建快照。快照可以回滚到原服务器，也可以用来在同一地域创建新服务器。快照策略会自动创建快照（例如每晚 03:00），并按您设置的数量保留副本。如需获得一致的数据库快照，请先刷新或暂停写入。

          ## 安全组

          安全组是在宿主机上执行的有状态防火墙，流量在到达服务器之前就会被过滤。一台服务器可以绑定多个安全组，规则会合并生效。修改在数秒内生效，无需重启。默认安全组如下：

          | 方向 | 协议 | 端口 | 来源 | 策略 |
          |---|---|---|---|---|
          | 入方向 | TCP | 22、80、443 | 任意 | 允许 |
          | 入方向 | ICMP | - | 任意 | 允许 |
          | 入方向 | 全部 | 全部 | 任意 | 拒绝 |
          | 出方向 | 全部 | 全部 | 任意 | 允许 |

          为防止垃圾邮件，新账户默认封禁出方向 25 端口（SMTP）；申请解封的方法请参阅[滥用处理政策](${sitePath('zh', '/doc/article/abuse')})。

          ## 救援模式

          如果服务器无法启动（例如 \`/etc/fstab\` 配置错误或内核更新失败），请开启 **救援模式**。服务器会重启进入通过网络加载的小型 Linux 系统，您的系统盘以 \`/dev/vda\` 的形式提供：

          \`\`\`bash
          mount /dev/vda1 /mnt
          chroot /mnt
          passwd root    # 或修复 /etc/fstab、重装内核等
          \`\`\`

          关闭救援模式后，服务器将重新从您自己的磁盘启动。

          ## Web 控制台

          Web 控制台可以在浏览器中显示服务器屏幕并接收键盘输入。即使服务器内部网络配置出错或 SSH 被屏蔽也能使用，还可以发送 Ctrl+Alt+Del。请在控制台的服务器详情页中打开。

          ## 使用限制

          新账户最多可同时运行 10 台服务器。如需更多，请提交工单申请。
        `),
      },
      ja: {
        title: 'クラウドサーバー（VPS）',
        summary:
          '8 つのリージョンで提供する NVMe ストレージの KVM クラウドサーバーについて、機能、最初のサーバーの作成、スナップショット、セキュリティグループ、レスキューモード、Web コンソールを説明します。',
        body: md(`
          ## 概要

          Cirrus Cloud のクラウドサーバーは、KVM による完全仮想化の仮想マシンです。独自のカーネルと root 権限を持ち、メモリは保証されています。システムディスクとボリュームはすべて NVMe SSD です。香港、東京、大阪、シンガポール、ソウル、台北、ロサンゼルス、フランクフルトでご利用いただけます。

          | 機能 | 内容 |
          |---|---|
          | 仮想化 | KVM、完全な root 権限、独自カーネルやカスタム ISO にも対応 |
          | ストレージ | NVMe システムディスクと、最大 16 TB のブロックストレージ |
          | ネットワーク | パブリック IPv4、/64 の IPv6、リージョン内の無料プライベートネットワーク |
          | 保護 | 常時稼働の DDoS 対策とセキュリティグループ |
          | 復旧 | スナップショット、自動スナップショットポリシー、レスキューモード |
          | アクセス | SSH 鍵、Web コンソール、API v2 |

          物理サーバーを丸ごと使いたい場合は、専用サーバーも同じコントロールパネルで管理できます。

          ## 最初のサーバーを作成する

          1. [VPS 購入ページ](${sitePath('ja', '/product/vps-buy')})を開き、ユーザーに最も近いリージョンを選びます。
          2. イメージ（Ubuntu、Debian、Rocky Linux、AlmaLinux、Windows Server など）とプランを選びます。
          3. SSH 公開鍵を登録します。鍵を登録しない場合は root パスワードを生成し、一度だけ表示します。
          4. セキュリティグループを選びます。初期設定のグループでは SSH、HTTP、HTTPS、ping を許可しています。
          5. 時間課金か契約期間かを選んで確定します。ほとんどのサーバーは 1 分以内に起動します。

          \`\`\`bash
          ssh root@203.0.113.10
          \`\`\`

          ## スナップショット

          リスクのある作業の前には、サーバーの **スナップショット** タブからスナップショットを作成してください。同じサーバーに復元することも、同じリージョンに新しいサーバーとして作成することもできます。スナップショットポリシーを使うと、毎晩 03:00 などに自動で作成し、設定した数だけ保持します。データベースの整合性を保つには、先に書き込みをフラッシュまたは一時停止してください。

          ## セキュリティグループ

          セキュリティグループはホスト側で適用されるステートフルファイアウォールで、通信はサーバーに届く前にフィルタリングされます。1 台のサーバーに複数のグループを適用でき、ルールは合算されます。変更は数秒で反映され、再起動は不要です。初期設定のグループは次のとおりです。

          | 方向 | プロトコル | ポート | 送信元 | 動作 |
          |---|---|---|---|---|
          | 受信 | TCP | 22、80、443 | すべて | 許可 |
          | 受信 | ICMP | - | すべて | 許可 |
          | 受信 | すべて | すべて | すべて | 拒否 |
          | 送信 | すべて | すべて | すべて | 許可 |

          迷惑メール防止のため、新しいアカウントでは送信方向の 25 番ポート（SMTP）を閉じています。開放の申請方法は[不正利用ポリシー](${sitePath('ja', '/doc/article/abuse')})をご覧ください。

          ## レスキューモード

          \`/etc/fstab\` の設定ミスやカーネル更新の失敗などでサーバーが起動しなくなった場合は、**レスキューモード** を有効にしてください。サーバーはネットワーク経由で読み込まれる小さな Linux システムで再起動し、システムディスクは \`/dev/vda\` として利用できます。

          \`\`\`bash
          mount /dev/vda1 /mnt
          chroot /mnt
          passwd root    # または /etc/fstab の修正、カーネルの再インストールなど
          \`\`\`

          レスキューモードを無効にすると、元のディスクから再び起動します。

          ## Web コンソール

          Web コンソールでは、サーバーの画面をブラウザに表示し、キーボード操作ができます。サーバー内のネットワーク設定が壊れている場合や SSH が遮断されている場合でも利用でき、Ctrl+Alt+Del の送信も可能です。コントロールパネルのサーバー詳細画面から開いてください。

          ## 制限

          新しいアカウントで同時に稼働できるサーバーは 10 台までです。さらに必要な場合はチケットでご相談ください。
        `),
      },
    },
  },
  {
    slug: 'api',
    category: 'developer',
    sort: 70,
    translations: {
      en: {
        title: 'API v2: getting started',
        summary:
          'Authenticate with a Bearer token and manage servers and snapshots over HTTPS with the Cirrus Cloud API v2: curl examples, pagination, errors and rate limits.',
        body: md(`
          ## Base URL and authentication

          All endpoints live under \`https://api.cirrus.cloud/v2\` and accept and return JSON. Create a personal access token in the customer centre under **Account → API tokens**, choose read-only or read-write scope and, if you like, an expiry date. Send the token in the \`Authorization\` header of every request:

          \`\`\`bash
          export CIRRUS_TOKEN="cc_pat_XXXXXXXXXXXXXXXX"
          curl -s https://api.cirrus.cloud/v2/servers \\
            -H "Authorization: Bearer $CIRRUS_TOKEN"
          \`\`\`

          A token is shown only once. Treat it like a password: never commit it to a repository, and revoke it at once if it leaks.

          ## List servers

          \`\`\`json
          {
            "data": [
              {
                "id": "srv_7Kq2mX9p",
                "name": "web-01",
                "status": "running",
                "region": "hkg1",
                "plan": "std-2c4g",
                "image": "ubuntu-24.04",
                "ipv4": ["203.0.113.10"],
                "ipv6": ["2001:db8:10::1"],
                "created_at": "2026-03-14T08:21:05Z"
              }
            ],
            "next_cursor": null
          }
          \`\`\`

          Filter with query parameters such as \`?region=tyo1&status=running\`. Lists return 50 items by default (\`limit\` accepts up to 200); pass \`next_cursor\` back as \`cursor\` to fetch the next page.

          ## Create a server

          \`\`\`bash
          curl -s -X POST https://api.cirrus.cloud/v2/servers \\
            -H "Authorization: Bearer $CIRRUS_TOKEN" \\
            -H "Content-Type: application/json" \\
            -H "Idempotency-Key: 8f14e45f-ceea-467a-9575-6b1c2d1a3c01" \\
            -d '{
                  "name": "web-02",
                  "region": "tyo1",
                  "plan": "std-2c4g",
                  "image": "ubuntu-24.04",
                  "ssh_keys": ["key_3Hn8wq"],
                  "security_groups": ["sg_default"],
                  "billing": "hourly"
                }'
          \`\`\`

          The response is \`202 Accepted\` with the new server in status \`provisioning\`. Poll \`GET /v2/servers/{id}\` or subscribe to the \`server.status_changed\` webhook. A request retried with the same \`Idempotency-Key\` within 24 hours returns the original response instead of creating a second server. Regions, plans and images come from \`GET /v2/regions\`, \`GET /v2/plans\` and \`GET /v2/images\`.

          ## Power actions and snapshots

          \`\`\`bash
          # Reboot
          curl -s -X POST https://api.cirrus.cloud/v2/servers/srv_7Kq2mX9p/actions \\
            -H "Authorization: Bearer $CIRRUS_TOKEN" \\
            -H "Content-Type: application/json" \\
            -d '{"type": "reboot"}'

          # Take a snapshot
          curl -s -X POST https://api.cirrus.cloud/v2/servers/srv_7Kq2mX9p/snapshots \\
            -H "Authorization: Bearer $CIRRUS_TOKEN" \\
            -H "Content-Type: application/json" \\
            -d '{"name": "before-upgrade"}'
          \`\`\`

          Action types are \`power_on\`, \`power_off\`, \`shutdown\`, \`reboot\`, \`rescue_on\`, \`rescue_off\` and \`resize\`. \`DELETE /v2/servers/{id}\` deletes a server and stops its billing.

          ## Errors

          Errors use standard HTTP status codes and a single JSON shape:

          \`\`\`json
          { "error": { "code": "plan_not_available", "message": "Plan std-2c4g is sold out in tyo1.", "request_id": "req_01HZX3" } }
          \`\`\`

          | Status | Meaning |
          |---|---|
          | 400 / 422 | The request is malformed or a field is invalid |
          | 401 | The token is missing, expired or revoked |
          | 403 | The token's scope does not allow this action |
          | 404 | The resource does not exist in your account |
          | 409 | Conflicting state, such as resizing a server that is still being created |
          | 429 | Rate limit exceeded |
          | 5xx | A fault on our side; safe to retry with the same idempotency key |

          ## Rate limits

          Each token may make 600 requests per minute, of which at most 60 may create resources. Every response carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\`; after a \`429\`, wait the number of seconds given in \`Retry-After\`. Quote the \`request_id\` when you contact support about an API call.
        `),
      },
      zh: {
        title: 'API v2 快速入门',
        summary:
          '使用 Bearer 令牌进行身份验证，通过 HTTPS 调用 Cirrus Cloud API v2 管理服务器和快照：curl 示例、分页、错误码与速率限制。',
        body: md(`
          ## 基础地址与身份验证

          所有接口均位于 \`https://api.cirrus.cloud/v2\` 下，请求和响应均为 JSON。请在客户中心的 **账户 → API 令牌** 中创建个人访问令牌，选择只读或读写权限，并可设置有效期。每个请求都需在 \`Authorization\` 请求头中携带令牌：

          \`\`\`bash
          export CIRRUS_TOKEN="cc_pat_XXXXXXXXXXXXXXXX"
          curl -s https://api.cirrus.cloud/v2/servers \\
            -H "Authorization: Bearer $CIRRUS_TOKEN"
          \`\`\`

          令牌只显示一次，请像对待密码一样保管：切勿提交到代码仓库，一旦泄露请立即吊销。

          ## 查询服务器列表

          \`\`\`json
          {
            "data": [
              {
                "id": "srv_7Kq2mX9p",
                "name": "web-01",
                "status": "running",
                "region": "hkg1",
                "plan": "std-2c4g",
                "image": "ubuntu-24.04",
                "ipv4": ["203.0.113.10"],
                "ipv6": ["2001:db8:10::1"],
                "created_at": "2026-03-14T08:21:05Z"
              }
            ],
            "next_cursor": null
          }
          \`\`\`

          可以使用 \`?region=tyo1&status=running\` 等查询参数进行筛选。列表默认返回 50 条（\`limit\` 最大 200）；将 \`next_cursor\` 的值作为 \`cursor\` 参数传入即可获取下一页。

          ## 创建服务器

          \`\`\`bash
          curl -s -X POST https://api.cirrus.cloud/v2/servers \\
            -H "Authorization: Bearer $CIRRUS_TOKEN" \\
            -H "Content-Type: application/json" \\
            -H "Idempotency-Key: 8f14e45f-ceea-467a-9575-6b1c2d1a3c01" \\
            -d '{
                  "name": "web-02",
                  "region": "tyo1",
                  "plan": "std-2c4g",
                  "image": "ubuntu-24.04",
                  "ssh_keys": ["key_3Hn8wq"],
                  "security_groups": ["sg_default"],
                  "billing": "hourly"
                }'
          \`\`\`

          接口返回 \`202 Accepted\`，新服务器处于 \`provisioning\` 状态。您可以轮询 \`GET /v2/servers/{id}\`，或订阅 \`server.status_changed\` Webhook。24 小时内使用相同 \`Idempotency-Key\` 重试的请求会返回首次请求的响应，而不会再创建一台服务器。可用的地域、套餐和镜像分别通过 \`GET /v2/regions\`、\`GET /v2/plans\` 和 \`GET /v2/images\` 获取。

          ## 电源操作与快照

          \`\`\`bash
          # 重启
          curl -s -X POST https://api.cirrus.cloud/v2/servers/srv_7Kq2mX9p/actions \\
            -H "Authorization: Bearer $CIRRUS_TOKEN" \\
            -H "Content-Type: application/json" \\
            -d '{"type": "reboot"}'

          # 创建快照
          curl -s -X POST https://api.cirrus.cloud/v2/servers/srv_7Kq2mX9p/snapshots \\
            -H "Authorization: Bearer $CIRRUS_TOKEN" \\
            -H "Content-Type: application/json" \\
            -d '{"name": "before-upgrade"}'
          \`\`\`

          支持的操作类型有 \`power_on\`、\`power_off\`、\`shutdown\`、\`reboot\`、\`rescue_on\`、\`rescue_off\` 和 \`resize\`。\`DELETE /v2/servers/{id}\` 会删除服务器并停止计费。

          ## 错误处理

          错误使用标准 HTTP 状态码，并统一返回如下 JSON 结构：

          \`\`\`json
          { "error": { "code": "plan_not_available", "message": "Plan std-2c4g is sold out in tyo1.", "request_id": "req_01HZX3" } }
          \`\`\`

          | 状态码 | 含义 |
          |---|---|
          | 400 / 422 | 请求格式错误或字段无效 |
          | 401 | 缺少令牌，或令牌已过期、已吊销 |
          | 403 | 令牌权限不允许执行此操作 |
          | 404 | 您的账户中不存在该资源 |
          | 409 | 状态冲突，例如对仍在创建中的服务器变更配置 |
          | 429 | 超出速率限制 |
          | 5xx | 我方故障，可使用相同的幂等键安全重试 |

          ## 速率限制

          每个令牌每分钟最多 600 次请求，其中创建资源的请求最多 60 次。每个响应都带有 \`X-RateLimit-Limit\`、\`X-RateLimit-Remaining\` 和 \`X-RateLimit-Reset\` 响应头；收到 \`429\` 后，请等待 \`Retry-After\` 指定的秒数再重试。就 API 调用问题联系技术支持时，请提供 \`request_id\`。
        `),
      },
      ja: {
        title: 'API v2 スタートガイド',
        summary:
          'Bearer トークンで認証し、Cirrus Cloud API v2 で HTTPS 経由でサーバーやスナップショットを管理する方法を、curl の例、ページング、エラー、レート制限とあわせて説明します。',
        body: md(`
          ## ベース URL と認証

          すべてのエンドポイントは \`https://api.cirrus.cloud/v2\` 以下にあり、JSON でやり取りします。カスタマーセンターの **アカウント → API トークン** でパーソナルアクセストークンを作成し、読み取り専用か読み書きかの権限と、必要に応じて有効期限を設定してください。すべてのリクエストで、トークンを \`Authorization\` ヘッダーに付けて送信します。

          \`\`\`bash
          export CIRRUS_TOKEN="cc_pat_XXXXXXXXXXXXXXXX"
          curl -s https://api.cirrus.cloud/v2/servers \\
            -H "Authorization: Bearer $CIRRUS_TOKEN"
          \`\`\`

          トークンは一度しか表示されません。パスワードと同じように扱い、リポジトリにコミットしないでください。漏えいした場合はすぐに無効化してください。

          ## サーバーの一覧

          \`\`\`json
          {
            "data": [
              {
                "id": "srv_7Kq2mX9p",
                "name": "web-01",
                "status": "running",
                "region": "hkg1",
                "plan": "std-2c4g",
                "image": "ubuntu-24.04",
                "ipv4": ["203.0.113.10"],
                "ipv6": ["2001:db8:10::1"],
                "created_at": "2026-03-14T08:21:05Z"
              }
            ],
            "next_cursor": null
          }
          \`\`\`

          \`?region=tyo1&status=running\` のようなクエリパラメーターで絞り込めます。一覧は初期設定で 50 件ずつ返され（\`limit\` は最大 200）、\`next_cursor\` の値を \`cursor\` に指定すると次のページを取得できます。

          ## サーバーの作成

          \`\`\`bash
          curl -s -X POST https://api.cirrus.cloud/v2/servers \\
            -H "Authorization: Bearer $CIRRUS_TOKEN" \\
            -H "Content-Type: application/json" \\
            -H "Idempotency-Key: 8f14e45f-ceea-467a-9575-6b1c2d1a3c01" \\
            -d '{
                  "name": "web-02",
                  "region": "tyo1",
                  "plan": "std-2c4g",
                  "image": "ubuntu-24.04",
                  "ssh_keys": ["key_3Hn8wq"],
                  "security_groups": ["sg_default"],
                  "billing": "hourly"
                }'
          \`\`\`

          レスポンスは \`202 Accepted\` で、新しいサーバーは \`provisioning\` 状態になります。\`GET /v2/servers/{id}\` でポーリングするか、\`server.status_changed\` の Webhook を購読してください。24 時間以内に同じ \`Idempotency-Key\` でリトライした場合は、2 台目のサーバーは作成されず、最初のレスポンスが返されます。利用できるリージョン、プラン、イメージは \`GET /v2/regions\`、\`GET /v2/plans\`、\`GET /v2/images\` で取得できます。

          ## 電源操作とスナップショット

          \`\`\`bash
          # 再起動
          curl -s -X POST https://api.cirrus.cloud/v2/servers/srv_7Kq2mX9p/actions \\
            -H "Authorization: Bearer $CIRRUS_TOKEN" \\
            -H "Content-Type: application/json" \\
            -d '{"type": "reboot"}'

          # スナップショットの作成
          curl -s -X POST https://api.cirrus.cloud/v2/servers/srv_7Kq2mX9p/snapshots \\
            -H "Authorization: Bearer $CIRRUS_TOKEN" \\
            -H "Content-Type: application/json" \\
            -d '{"name": "before-upgrade"}'
          \`\`\`

          操作の種類は \`power_on\`、\`power_off\`、\`shutdown\`、\`reboot\`、\`rescue_on\`、\`rescue_off\`、\`resize\` です。\`DELETE /v2/servers/{id}\` でサーバーを削除すると、課金も停止します。

          ## エラー

          エラーは標準の HTTP ステータスコードと、共通の JSON 形式で返されます。

          \`\`\`json
          { "error": { "code": "plan_not_available", "message": "Plan std-2c4g is sold out in tyo1.", "request_id": "req_01HZX3" } }
          \`\`\`

          | ステータス | 意味 |
          |---|---|
          | 400 / 422 | リクエストの形式が正しくないか、フィールドの値が無効です |
          | 401 | トークンがない、期限切れ、または無効化されています |
          | 403 | トークンの権限ではこの操作を実行できません |
          | 404 | お客様のアカウントにそのリソースは存在しません |
          | 409 | 作成中のサーバーのプラン変更など、状態が競合しています |
          | 429 | レート制限を超えました |
          | 5xx | 当社側の障害です。同じ冪等キーで安全にリトライできます |

          ## レート制限

          トークンごとに 1 分あたり 600 リクエストまで、そのうちリソースを作成するリクエストは 60 回までです。すべてのレスポンスに \`X-RateLimit-Limit\`、\`X-RateLimit-Remaining\`、\`X-RateLimit-Reset\` ヘッダーが含まれます。\`429\` が返された場合は、\`Retry-After\` の秒数だけ待ってから再試行してください。API についてサポートにお問い合わせいただく際は、\`request_id\` をお知らせください。
        `),
      },
    },
  },
  {
    slug: 'abuse',
    category: 'policy',
    sort: 80,
    translations: {
      en: {
        title: 'Abuse policy and how to report abuse',
        summary:
          'How to report spam, phishing, malware, attacks or infringing content coming from a Cirrus Cloud IP address, and how we handle each report.',
        body: md(`
          ## Reporting abuse

          Send reports to **abuse@cirrus.cloud**. You receive an automatic acknowledgement with a case number straight away. A person reviews every report, usually within 24 hours, and within 2 hours for phishing, malware and attacks in progress. Please include:

          - the IP address or domain involved and the type of abuse;
          - the date, time and **time zone** of each event;
          - evidence: full e-mail headers for spam, URLs for phishing, log lines for attacks or scans, or the location of infringing material;
          - for copyright complaints, the work concerned and a statement that you own the rights or may act for the owner.

          Send one report per incident, as plain text or with logs attached. Reports in English, Chinese and Japanese are all welcome, and automated feeds in ARF or X-ARF format are accepted. Please do not use the abuse address for support questions; open a ticket instead.

          ## What counts as abuse

          - Spam and unsolicited bulk e-mail, including mail to purchased lists
          - Phishing, fraud, malware distribution and botnet command-and-control
          - Denial-of-service attacks, port scans and brute-force login attempts against others
          - Open proxies, open DNS resolvers and open mail relays that are being misused
          - Copyright and trademark infringement
          - Child sexual abuse material, which we report to the authorities immediately

          ## How we handle reports

          | Severity | Examples | What we do |
          |---|---|---|
          | Critical | Phishing, malware, outgoing attacks, child abuse material | Immediate suspension or null-route, then notice to the customer |
          | High | Spam, scanning, a compromised server | Notice to the customer, who has 24 hours to fix it before suspension |
          | Standard | Copyright complaints, misused open resolvers | Complaint forwarded; 72 hours to respond |

          Repeated or deliberate violations lead to termination of the account without refund.

          ## If you received an abuse notice

          Reply through the ticket linked in the notice, and tell us what you found and what you changed. Many cases turn out to be compromised servers: investigate with the web console or rescue mode, take a snapshot if you want to analyse it later, then reinstall from a clean image, change passwords and keys and apply updates. We lift a suspension as soon as the cause has been removed.

          ## Sending e-mail from your server

          Outbound port 25 is blocked for new accounts. You can ask for it to be opened by ticket once your account is older than 30 days and has paid at least one invoice. Set up reverse DNS, SPF and DKIM for the sending domain first. Sending through a mail provider on port 587 or 465 is not affected.

          Requests from law enforcement should be sent to legal@cirrus.cloud.
        `),
      },
      zh: {
        title: '滥用处理政策及举报方式',
        summary:
          '如何举报来自 Cirrus Cloud IP 地址的垃圾邮件、钓鱼、恶意软件、网络攻击或侵权内容，以及我们如何处理每一份举报。',
        body: md(`
          ## 举报滥用

          请将举报发送至 **abuse@cirrus.cloud**。您会立即收到带有案件编号的自动确认邮件。每一份举报都会由专人审核，通常在 24 小时内处理；钓鱼、恶意软件和正在进行的攻击会在 2 小时内处理。请在举报中提供：

          - 涉及的 IP 地址或域名，以及滥用类型；
          - 每次事件的日期、时间和**时区**；
          - 证据：垃圾邮件请附完整邮件头，钓鱼请附 URL，攻击或扫描请附日志，侵权请注明内容所在位置；
          - 版权投诉请说明涉及的作品，并声明您是权利人或已获权利人授权。

          每起事件请单独举报，可使用纯文本或附上日志文件。我们接受中文、英文和日文举报，也接受 ARF 或 X-ARF 格式的自动化举报。技术支持问题请勿发送至滥用举报邮箱，请提交工单。

          ## 哪些行为属于滥用

          - 垃圾邮件和未经请求的批量邮件，包括向购买的邮件列表发信
          - 钓鱼、诈骗、传播恶意软件以及僵尸网络控制端
          - 对他人发起拒绝服务攻击、端口扫描和暴力破解登录
          - 被滥用的开放代理、开放 DNS 解析器和开放邮件中继
          - 侵犯版权和商标权
          - 儿童性虐待内容，我们会立即向有关当局报告

          ## 处理方式

          | 严重程度 | 示例 | 处理措施 |
          |---|---|---|
          | 紧急 | 钓鱼、恶意软件、对外攻击、儿童性虐待内容 | 立即暂停服务或黑洞路由，随后通知客户 |
          | 高 | 垃圾邮件、扫描、服务器被入侵 | 通知客户，需在 24 小时内处理，否则暂停服务 |
          | 一般 | 版权投诉、被滥用的开放解析器 | 转发投诉，需在 72 小时内回复 |

          多次违规或故意违规将导致账户被终止，且不予退款。

          ## 如果您收到了滥用通知

          请通过通知中的工单链接回复，说明您发现的问题和已采取的措施。很多情况其实是服务器被入侵：可以使用 Web 控制台或救援模式排查，如需事后分析可先创建快照，然后使用干净的镜像重装系统、更换密码和密钥并安装更新。问题原因消除后，我们会尽快解除暂停。

          ## 从服务器发送邮件

          新账户默认封禁出方向 25 端口。账户注册满 30 天且已支付过至少一张账单后，可以通过工单申请解封。申请前请先为发信域名配置反向解析（rDNS）、SPF 和 DKIM。通过邮件服务商的 587 或 465 端口发信不受影响。

          执法机关的请求请发送至 legal@cirrus.cloud。
        `),
      },
      ja: {
        title: '不正利用ポリシーと通報方法',
        summary:
          'Cirrus Cloud の IP アドレスからの迷惑メール、フィッシング、マルウェア、攻撃、権利侵害コンテンツの通報方法と、当社の対応について説明します。',
        body: md(`
          ## 不正利用の通報

          通報は **abuse@cirrus.cloud** までお送りください。受付番号付きの自動返信がすぐに届きます。すべての通報を担当者が確認し、通常は 24 時間以内、フィッシング・マルウェア・進行中の攻撃については 2 時間以内に対応します。通報には次の情報を含めてください。

          - 対象の IP アドレスまたはドメインと、不正利用の種類
          - 各事象の日付・時刻と**タイムゾーン**
          - 証拠（迷惑メールは完全なメールヘッダー、フィッシングは URL、攻撃やスキャンはログ、権利侵害はコンテンツの場所）
          - 著作権に関する申し立ての場合は、対象の著作物と、権利者本人または権利者から委任を受けている旨の表明

          通報は 1 件の事象ごとに、テキストまたはログを添付してお送りください。日本語・英語・中国語のいずれでも受け付けており、ARF・X-ARF 形式の自動通報にも対応しています。サポートに関するご質問はこのアドレスではなく、チケットでお問い合わせください。

          ## 不正利用にあたる行為

          - 迷惑メール・未承諾の大量メール（購入したリストへの送信を含む）
          - フィッシング、詐欺、マルウェアの配布、ボットネットの指令サーバー
          - 第三者への DoS 攻撃、ポートスキャン、ログインの総当たり攻撃
          - 悪用されているオープンプロキシ、オープン DNS リゾルバ、オープンメールリレー
          - 著作権・商標権の侵害
          - 児童性的虐待コンテンツ（直ちに関係当局へ通報します）

          ## 通報への対応

          | 重大度 | 例 | 当社の対応 |
          |---|---|---|
          | 緊急 | フィッシング、マルウェア、外部への攻撃、児童性的虐待コンテンツ | 直ちにサービス停止またはヌルルートを行い、その後お客様に通知 |
          | 高 | 迷惑メール、スキャン、不正侵入されたサーバー | お客様に通知し、24 時間以内に対処がなければ停止 |
          | 通常 | 著作権の申し立て、悪用されているオープンリゾルバ | 申し立てを転送し、72 時間以内の回答を依頼 |

          違反を繰り返した場合や故意の違反の場合は、返金なしでアカウントを解約します。

          ## 通知を受け取った場合

          通知に記載のチケットから、確認した内容と実施した対策をご返信ください。多くの場合、原因はサーバーへの不正侵入です。Web コンソールやレスキューモードで調査し、後で解析したい場合はスナップショットを作成したうえで、クリーンなイメージから再インストールし、パスワードと鍵を変更して更新を適用してください。原因が取り除かれれば、速やかに停止を解除します。

          ## サーバーからのメール送信

          新しいアカウントでは送信方向の 25 番ポートを閉じています。アカウント作成から 30 日以上経過し、1 件以上の請求書をお支払い済みであれば、チケットで開放を申請できます。申請の前に、送信ドメインの逆引き DNS、SPF、DKIM を設定してください。メール配信サービスの 587 番・465 番ポートを使った送信には影響ありません。

          捜査機関からのご依頼は legal@cirrus.cloud までお送りください。
        `),
      },
    },
  },
  {
    slug: 'refund',
    category: 'policy',
    sort: 90,
    translations: {
      en: {
        title: 'Refund policy',
        summary:
          'The 7-day money-back guarantee on your first VPS order, prorated refunds to your account balance, items that cannot be refunded, and how to ask for a refund.',
        body: md(`
          ## 7-day money-back guarantee

          If you are not happy with your first VPS order, delete the server within 7 days of creating it and ask for a refund. We return the full amount paid for the server to the original payment method or, if you prefer, to your account balance.

          - Applies to the first VPS order of each customer, billed monthly or for a longer term.
          - Covers standard and high-frequency plans, including sale and group-buy prices.
          - Does not cover dedicated servers, Windows or control panel licences, traffic overage, or additional IP addresses ordered with the server.
          - Hourly servers need no refund: delete them and billing stops.

          ## Cancelling later

          After the first 7 days, or for any later order, you can cancel a term service at any time. We refund the unused whole days of the current term to your account balance, based on the price you actually paid rather than the list price. If you cancel a quarterly or annual term early, the months already used are charged at the monthly price and the rest is refunded.

          ## Not refundable

          - Domain registrations, renewals and transfers, because registries do not refund them
          - SSL certificates and third-party software licences once issued
          - Setup fees for dedicated servers
          - Traffic packages that have been partly used
          - Services terminated for breaking the [terms of service](${sitePath('en', '/doc/article/legal-and-terms')})
          - SLA credits, promotional credit and affiliate commission paid to your balance

          ## Withdrawing your account balance

          Money you topped up and have not spent can be withdrawn to the original payment method within 180 days of the top-up; payment processor fees are not returned. Balance that comes from prorated refunds, promotions or SLA credits can be spent on any service but cannot be withdrawn.

          ## How to ask for a refund

          1. Open a ticket in the customer centre and choose the **Billing** category.
          2. Give the order number and, if you like, the reason; it helps us improve.
          3. We process requests within 3 working days. Refunds to your account balance appear at once; card refunds take 5-10 working days to show on your statement, and wallet refunds 1-3 days.

          | Situation | Refund | Paid to |
          |---|---|---|
          | First VPS order, within 7 days | Full amount | Original payment method or balance |
          | Term service cancelled later | Unused days, prorated | Account balance |
          | Domain, licence or setup fee | None | - |

          If you dispute a payment with your bank instead of contacting us, the account is suspended until the dispute is resolved.
        `),
      },
      zh: {
        title: '退款政策',
        summary: '首单 VPS 享 7 天无理由退款、按比例退款至账户余额、不可退款的项目，以及申请退款的方法。',
        body: md(`
          ## 7 天无理由退款

          如果您对首个 VPS 订单不满意，请在创建后 7 天内删除服务器并申请退款。我们会将该服务器的全部实付金额原路退回，您也可以选择退至账户余额。

          - 适用于每位客户的首个 VPS 订单，按月或更长周期付费。
          - 适用于标准型和高主频型套餐，包括特价和拼团价格。
          - 不适用于独立服务器、Windows 或面板许可证、超额流量，以及随服务器订购的额外 IP 地址。
          - 按小时计费的服务器无需退款：删除后即停止计费。

          ## 之后退订

          超过 7 天后，或对于之后的任何订单，您都可以随时退订包周期服务。我们会将当前周期内未使用的整天数按比例退至账户余额，计算依据为您的实付价格而非原价。如果提前退订按季或按年的服务，已使用的月份将按月付价格计算，剩余部分予以退还。

          ## 不予退款的项目

          - 域名注册、续费和转入（注册局不予退款）
          - 已签发的 SSL 证书和第三方软件许可证
          - 独立服务器的安装费
          - 已部分使用的流量包
          - 因违反[服务条款](${sitePath('zh', '/doc/article/legal-and-terms')})而被终止的服务
          - SLA 赔偿、促销赠送金额以及计入余额的推广佣金

          ## 提取账户余额

          已充值但未消费的款项，可在充值后 180 天内原路提取，支付渠道手续费不予退还。来自按比例退款、促销活动或 SLA 赔偿的余额可用于购买任何服务，但不可提现。

          ## 如何申请退款

          1. 在客户中心提交工单，选择 **财务** 类别。
          2. 注明订单号，如愿意也可以告诉我们退款原因，这有助于我们改进。
          3. 我们会在 3 个工作日内处理。退至账户余额即时到账；银行卡退款需 5-10 个工作日显示在账单上，电子钱包退款需 1-3 天。

          | 情形 | 退款金额 | 退款去向 |
          |---|---|---|
          | 首个 VPS 订单，7 天内 | 全额 | 原支付方式或账户余额 |
          | 之后退订包周期服务 | 按比例退还未使用天数 | 账户余额 |
          | 域名、许可证或安装费 | 不退款 | - |

          如果您未联系我们而直接向银行发起拒付，账户将被暂停，直至争议解决。
        `),
      },
      ja: {
        title: '返金ポリシー',
        summary:
          '初回の VPS ご注文に適用される 7 日間返金保証、アカウント残高への日割り返金、返金の対象外となる項目、返金の申請方法を説明します。',
        body: md(`
          ## 7 日間返金保証

          初回の VPS ご注文にご満足いただけなかった場合は、作成から 7 日以内にサーバーを削除し、返金をお申し込みください。サーバーについてお支払いいただいた全額を、元のお支払い方法（ご希望の場合はアカウント残高）に返金します。

          - 各お客様の初回の VPS ご注文（月額以上の契約期間）が対象です。
          - スタンダード・高クロックのプランが対象で、セール価格や共同購入価格でのご注文も含みます。
          - 専用サーバー、Windows やコントロールパネルのライセンス、転送量の超過分、サーバーと一緒に注文した追加 IP アドレスは対象外です。
          - 時間課金のサーバーは返金の手続きは不要です。削除すれば課金が止まります。

          ## 8 日目以降の解約

          8 日目以降や 2 回目以降のご注文でも、契約期間のサービスはいつでも解約できます。現在の契約期間の未使用日数分を、定価ではなく実際にお支払いいただいた金額をもとに日割りで計算し、アカウント残高に返金します。四半期や年間の契約を途中で解約する場合は、利用済みの月を月額料金で計算し、残りを返金します。

          ## 返金の対象外

          - ドメインの登録・更新・移管（レジストリから返金されないため）
          - 発行済みの SSL 証明書とサードパーティ製ソフトウェアのライセンス
          - 専用サーバーの初期費用
          - 一部でも使用した転送量パック
          - [利用規約](${sitePath('ja', '/doc/article/legal-and-terms')})への違反により解約したサービス
          - SLA クレジット、キャンペーンで付与された残高、残高で支払われたアフィリエイト報酬

          ## アカウント残高の払い戻し

          チャージ後に使用していない金額は、チャージから 180 日以内であれば元のお支払い方法に払い戻せます。決済手数料は返金されません。日割り返金、キャンペーン、SLA クレジットによる残高は、すべてのサービスにご利用いただけますが、払い戻しはできません。

          ## 返金の申請方法

          1. カスタマーセンターでチケットを作成し、カテゴリーに **請求** を選びます。
          2. 注文番号と、差し支えなければ理由をご記入ください。サービス改善の参考にさせていただきます。
          3. 3 営業日以内に処理します。アカウント残高への返金はすぐに反映されます。カードへの返金が明細に表示されるまでには 5〜10 営業日、ウォレットへの返金は 1〜3 日かかります。

          | 状況 | 返金額 | 返金先 |
          |---|---|---|
          | 初回の VPS ご注文（7 日以内） | 全額 | 元のお支払い方法または残高 |
          | 8 日目以降の契約期間サービスの解約 | 未使用日数分を日割り | アカウント残高 |
          | ドメイン、ライセンス、初期費用 | 返金なし | - |

          当社にご連絡いただかずにカード会社へ支払いの異議申し立て（チャージバック）をされた場合、解決するまでアカウントを停止します。
        `),
      },
    },
  },
  {
    slug: 'affiliate',
    category: 'policy',
    sort: 100,
    translations: {
      en: {
        title: 'Affiliate programme',
        summary:
          'Earn commission on every customer you refer to Cirrus Cloud: how referrals are tracked, the commission rate, cookie duration, payout threshold and the programme rules.',
        body: md(`
          ## How it works

          1. Sign in and open **Affiliate** from your account menu (the page \`/affiliate\`) to accept the programme's terms and get your referral link, for example \`https://www.cirrus.cloud/?aff=AB12CD\`. Any page of the site can carry the \`aff\` parameter, so you can link straight to a product or a promotion.
          2. When a visitor who accepts advertising cookies follows your link, a cookie records the referral for **30 days**. If they sign up within that time, they are linked to your affiliate account for good.
          3. You earn commission on every payment the referred customer makes during their first **12 months**.

          The last affiliate link clicked before sign-up wins. People who already have a Cirrus Cloud account cannot be referred.

          ## Commission and payouts

          | Item | Detail |
          |---|---|
          | Commission | 15% of each paid order, excluding tax |
          | Duration | The referred customer's first 12 months |
          | Cookie | 30 days, last click wins |
          | Holding period | 30 days after each payment, to allow for refunds |
          | Minimum payout | {{money:5000}} |
          | Payout methods | Account balance, PayPal or bank transfer |
          | Payout date | Monthly, by the 10th |

          Domains, traffic overage and payments made with balance that came from commission do not earn commission. If an order is refunded, its commission is cancelled. Commission paid to your account balance has no minimum and can be used for any service.

          ## Rules

          - No self-referrals, and no referring accounts that you control or that belong to your own organisation.
          - No bidding on "Cirrus Cloud" or misspellings of it in search ads, and no ads or sites that imitate ours.
          - No spam, including comment spam and unsolicited messages in groups and forums.
          - Do not publish coupon codes that are not yours, or promise discounts that do not exist.
          - Say clearly that you earn a commission when you recommend us.

          Commission earned by breaking these rules is forfeited, and repeated violations close the affiliate account.

          ## Reports and tax

          The affiliate dashboard shows clicks, sign-ups, orders and the status of each commission: pending, approved or paid. You are responsible for declaring your commission income and paying any tax on it. Questions about the programme can be sent to affiliates@cirrus.cloud.
        `),
      },
      zh: {
        title: '推广联盟计划',
        summary:
          '推荐新客户使用 Cirrus Cloud 即可获得佣金：推荐如何追踪、佣金比例、Cookie 有效期、提现门槛及计划规则。',
        body: md(`
          ## 如何运作

          1. 登录后从账户菜单打开 **推广联盟**（页面 \`/zh/affiliate\`），同意计划条款后即可获取您的推广链接，例如 \`https://www.cirrus.cloud/?aff=AB12CD\`。本站任意页面都可以带上 \`aff\` 参数，因此您可以直接链接到具体产品或活动页面。
          2. 同意广告类 Cookie 的访客通过您的链接访问后，Cookie 会记录此次推荐，有效期 **30 天**。访客在此期间注册，即永久绑定到您的推广账户。
          3. 被推荐客户在注册后**前 12 个月**内的每一笔付款，您都可以获得佣金。

          以注册前最后一次点击的推广链接为准。已有 Cirrus Cloud 账户的用户不能被推荐。

          ## 佣金与结算

          | 项目 | 说明 |
          |---|---|
          | 佣金比例 | 每笔已付款订单金额（不含税）的 15% |
          | 计佣期限 | 被推荐客户的前 12 个月 |
          | Cookie | 30 天，以最后一次点击为准 |
          | 冻结期 | 每笔付款后 30 天，以应对退款 |
          | 最低提现金额 | {{money:5000}} |
          | 结算方式 | 账户余额、PayPal 或银行转账 |
          | 结算时间 | 每月 10 日前 |

          域名、超额流量，以及使用佣金余额支付的款项不计佣金。订单退款后，对应佣金将被取消。结算到账户余额的佣金没有最低金额限制，可用于购买任何服务。

          ## 推广规则

          - 禁止自我推荐，也不得推荐由您控制或属于您所在组织的账户。
          - 禁止在搜索广告中竞价 "Cirrus Cloud" 及其错误拼写，禁止投放或建立仿冒我们的广告和网站。
          - 禁止任何形式的垃圾信息，包括评论区刷屏以及在群组和论坛中未经允许的推广。
          - 不得发布不属于您的优惠码，也不得承诺并不存在的折扣。
          - 推荐我们时，请明确说明您会获得佣金。

          违反规则获得的佣金将被取消，多次违规将关闭推广账户。

          ## 数据报表与税务

          推广后台会显示点击数、注册数、订单以及每笔佣金的状态（待确认、已确认、已结算）。佣金收入需由您自行申报并缴纳相应税款。如对计划有疑问，请发送邮件至 affiliates@cirrus.cloud。
        `),
      },
      ja: {
        title: 'アフィリエイトプログラム',
        summary:
          'Cirrus Cloud にお客様をご紹介いただくと報酬をお支払いします。紹介の計測方法、報酬率、Cookie の有効期間、支払いの最低金額、プログラムのルールを説明します。',
        body: md(`
          ## 仕組み

          1. ログインしてアカウントメニューの **アフィリエイト**（ページ \`/ja/affiliate\`）を開き、プログラムの規約に同意して紹介リンク（例：\`https://www.cirrus.cloud/?aff=AB12CD\`）を取得します。サイト内のどのページにも \`aff\` パラメーターを付けられるので、製品やキャンペーンのページへ直接リンクできます。
          2. 広告 Cookie に同意した訪問者がリンクを経由すると、Cookie によって紹介が **30 日間** 記録されます。その間に登録した方は、お客様のアフィリエイトアカウントに恒久的にひも付けられます。
          3. 紹介したお客様が登録から **12 か月間** に行うすべてのお支払いに対して報酬が発生します。

          登録前に最後にクリックされたアフィリエイトリンクが有効です。すでに Cirrus Cloud のアカウントをお持ちの方は紹介の対象になりません。

          ## 報酬とお支払い

          | 項目 | 内容 |
          |---|---|
          | 報酬率 | 支払い済み注文金額（税抜）の 15% |
          | 対象期間 | 紹介したお客様の最初の 12 か月間 |
          | Cookie | 30 日間、最後のクリックを優先 |
          | 保留期間 | 返金に備え、各お支払いから 30 日間 |
          | 最低支払額 | {{money:5000}} |
          | 支払い方法 | アカウント残高、PayPal、銀行振込 |
          | 支払日 | 毎月 10 日まで |

          ドメイン、転送量の超過分、報酬由来の残高で支払われた金額は報酬の対象外です。注文が返金された場合、その報酬は取り消されます。アカウント残高で受け取る報酬には最低金額がなく、すべてのサービスにご利用いただけます。

          ## ルール

          - 自己紹介は禁止です。お客様ご自身が管理するアカウントや、所属する組織のアカウントも紹介できません。
          - 検索広告で「Cirrus Cloud」やその表記ゆれを入札キーワードにすること、当社を装った広告やサイトを作成することは禁止です。
          - コメント欄への書き込みやグループ・フォーラムでの無断の宣伝を含め、スパム行為は禁止です。
          - お客様のものではないクーポンコードの掲載や、存在しない割引の約束はしないでください。
          - 当社をおすすめする際は、報酬を受け取っていることを明記してください。

          ルールに違反して得た報酬は取り消され、違反を繰り返した場合はアフィリエイトアカウントを停止します。

          ## レポートと税金

          アフィリエイト管理画面では、クリック数、登録数、注文、各報酬の状態（保留中・確定・支払済み）を確認できます。報酬の所得申告と納税はご自身で行ってください。プログラムに関するお問い合わせは affiliates@cirrus.cloud までお送りください。
        `),
      },
    },
  },
  {
    slug: 'looking-glass-test-latency-network-speed',
    category: 'network',
    sort: 110,
    translations: {
      en: {
        title: 'Looking glass: test latency and network speed',
        summary:
          'Measure the route, latency and throughput from your own network to every Cirrus Cloud region with ping, mtr and iperf3 before you buy.',
        body: md(`
          ## Test from your own network

          Latency depends on where your users are and which carrier they use, so the best way to pick a region is to measure from the networks that matter to you, ideally at the busiest time of day. Every region has a test IP that answers ping, traceroute and speed tests. **The test IP of each region is listed on the [VPS page](${sitePath('en', '/product/vps')}).**

          | Region | Code | Good to know |
          |---|---|---|
          | Hong Kong | HKG1 | CN2 GIA and optimised routes to mainland China |
          | Tokyo | TYO1 | Japan and transpacific; direct peering with major Japanese ISPs |
          | Osaka | OSA1 | Second Japanese region, about 8 ms from Tokyo |
          | Singapore | SIN1 | South-East Asia, India and Australia |
          | Seoul | SEL1 | Korea, with short paths to northern China |
          | Taipei | TPE1 | Taiwan and the Philippines |
          | Los Angeles | LAX1 | North America, with CN2 GIA to mainland China |
          | Frankfurt | FRA1 | Europe, connected to DE-CIX |

          ## Latency: ping

          \`\`\`bash
          ping -c 50 <test-ip>     # Linux and macOS
          ping -n 50 <test-ip>     # Windows
          \`\`\`

          Look at the average and the packet loss rather than a single reply. Repeated loss above 1%, or a wide gap between the minimum and average times, points to congestion somewhere on the path.

          ## The route: mtr

          \`mtr\` combines traceroute and ping and shows the loss at every hop:

          \`\`\`bash
          mtr -rwbzc 100 <test-ip>
          \`\`\`

          On Windows, use WinMTR or \`tracert -d <test-ip>\`. Loss that appears on one hop but not on the hops after it is usually a router rate-limiting its own replies and is harmless; loss that continues to the last hop is real.

          ## Throughput: iperf3

          Each test IP runs iperf3 servers on ports 5201-5205:

          \`\`\`bash
          iperf3 -c <test-ip> -p 5201 -P 4 -t 20      # upload: you -> Cirrus Cloud
          iperf3 -c <test-ip> -p 5201 -P 4 -t 20 -R   # download: Cirrus Cloud -> you
          \`\`\`

          If a port is busy, try the next one. Several parallel streams (\`-P 4\`) give a more realistic result over long distances than a single stream. You can also download a test file with \`curl -o /dev/null http://<test-ip>/100MB.test\`.

          ## Reading the results

          A test can never be faster than your own connection, so run the same test against two or three regions and compare. For routes into mainland China, the evening peak (20:00-23:00 China time) is the most telling moment. If something looks wrong after you have bought a server, open a ticket and attach the full \`mtr\` output in both directions: from you to the server, and from the server back to you.
        `),
      },
      zh: {
        title: '网络测试：延迟与速度测试（Looking Glass）',
        summary: '购买前，使用 ping、mtr 和 iperf3 从您自己的网络测试到 Cirrus Cloud 各地域的路由、延迟和吞吐量。',
        body: md(`
          ## 从您自己的网络进行测试

          延迟取决于用户所在的位置和使用的运营商，因此选择地域最好的办法，就是从与您相关的网络进行实测，最好选在一天中最繁忙的时段。每个地域都有一个测试 IP，支持 ping、路由追踪和测速。**各地域的测试 IP 列在 [VPS 产品页面](${sitePath('zh', '/product/vps')})上。**

          | 地域 | 代码 | 说明 |
          |---|---|---|
          | 香港 | HKG1 | CN2 GIA 及中国大陆优化线路 |
          | 东京 | TYO1 | 覆盖日本及跨太平洋，与日本主要运营商直连 |
          | 大阪 | OSA1 | 日本第二个地域，与东京延迟约 8 ms |
          | 新加坡 | SIN1 | 覆盖东南亚、印度和澳大利亚 |
          | 首尔 | SEL1 | 覆盖韩国，到华北路径较短 |
          | 台北 | TPE1 | 覆盖台湾地区和菲律宾 |
          | 洛杉矶 | LAX1 | 覆盖北美，提供到中国大陆的 CN2 GIA |
          | 法兰克福 | FRA1 | 覆盖欧洲，接入 DE-CIX |

          ## 延迟：ping

          \`\`\`bash
          ping -c 50 <test-ip>     # Linux 和 macOS
          ping -n 50 <test-ip>     # Windows
          \`\`\`

          请关注平均延迟和丢包率，而不是单次回复。持续出现 1% 以上的丢包，或最小延迟与平均延迟相差很大，说明路径上某处存在拥塞。

          ## 路由：mtr

          \`mtr\` 结合了路由追踪和 ping，可以显示每一跳的丢包情况：

          \`\`\`bash
          mtr -rwbzc 100 <test-ip>
          \`\`\`

          Windows 用户可以使用 WinMTR 或 \`tracert -d <test-ip>\`。如果丢包只出现在某一跳、后续各跳都正常，通常只是该路由器限制了自身的响应速率，并不影响实际使用；一直延续到最后一跳的丢包才是真正的问题。

          ## 吞吐量：iperf3

          每个测试 IP 在 5201-5205 端口运行 iperf3 服务端：

          \`\`\`bash
          iperf3 -c <test-ip> -p 5201 -P 4 -t 20      # 上传：您 -> Cirrus Cloud
          iperf3 -c <test-ip> -p 5201 -P 4 -t 20 -R   # 下载：Cirrus Cloud -> 您
          \`\`\`

          如果端口繁忙，请换用下一个端口。长距离测试时，多线程并发（\`-P 4\`）比单线程更接近真实情况。您也可以使用 \`curl -o /dev/null http://<test-ip>/100MB.test\` 下载测试文件。

          ## 如何解读结果

          测试结果不可能超过您自己的带宽，因此请对两三个地域进行同样的测试并加以比较。对于进入中国大陆的线路，晚高峰（北京时间 20:00-23:00）的结果最有参考价值。如果购买服务器后发现异常，请提交工单并附上双向的完整 \`mtr\` 结果：从您到服务器，以及从服务器到您。
        `),
      },
      ja: {
        title: 'Looking Glass：遅延と通信速度の測定',
        summary:
          'ご購入前に、ping・mtr・iperf3 を使って、お客様のネットワークから Cirrus Cloud の各リージョンまでの経路、遅延、スループットを測定する方法を説明します。',
        body: md(`
          ## お客様のネットワークから測定する

          遅延はユーザーの所在地や利用している回線事業者によって変わります。リージョンを選ぶには、実際に関係するネットワークから、できれば最も混雑する時間帯に測定するのが一番です。各リージョンには ping、traceroute、速度測定に応答するテスト IP があります。**各リージョンのテスト IP は [VPS ページ](${sitePath('ja', '/product/vps')})に掲載しています。**

          | リージョン | コード | 特長 |
          |---|---|---|
          | 香港 | HKG1 | CN2 GIA と中国本土向けの最適化経路 |
          | 東京 | TYO1 | 日本国内と太平洋横断、国内主要 ISP と直接ピアリング |
          | 大阪 | OSA1 | 国内 2 か所目のリージョン、東京まで約 8 ms |
          | シンガポール | SIN1 | 東南アジア、インド、オーストラリア |
          | ソウル | SEL1 | 韓国、中国北部への経路が短い |
          | 台北 | TPE1 | 台湾とフィリピン |
          | ロサンゼルス | LAX1 | 北米、中国本土向け CN2 GIA |
          | フランクフルト | FRA1 | ヨーロッパ、DE-CIX に接続 |

          ## 遅延：ping

          \`\`\`bash
          ping -c 50 <test-ip>     # Linux・macOS
          ping -n 50 <test-ip>     # Windows
          \`\`\`

          1 回の応答ではなく、平均値とパケットロス率をご覧ください。1% を超えるロスが続く場合や、最小値と平均値の差が大きい場合は、経路のどこかが混雑しています。

          ## 経路：mtr

          \`mtr\` は traceroute と ping を組み合わせたツールで、ホップごとのロスを表示します。

          \`\`\`bash
          mtr -rwbzc 100 <test-ip>
          \`\`\`

          Windows では WinMTR か \`tracert -d <test-ip>\` をご利用ください。あるホップだけでロスが出て、その先のホップでは出ていない場合は、ルーターが自身の応答を制限しているだけで、通常は問題ありません。最後のホップまで続くロスが実際の問題です。

          ## スループット：iperf3

          各テスト IP では 5201〜5205 番ポートで iperf3 サーバーが動作しています。

          \`\`\`bash
          iperf3 -c <test-ip> -p 5201 -P 4 -t 20      # アップロード：お客様 -> Cirrus Cloud
          iperf3 -c <test-ip> -p 5201 -P 4 -t 20 -R   # ダウンロード：Cirrus Cloud -> お客様
          \`\`\`

          ポートが使用中の場合は、次の番号のポートをお試しください。遠距離では、1 本のストリームより複数の並列ストリーム（\`-P 4\`）のほうが実態に近い結果になります。\`curl -o /dev/null http://<test-ip>/100MB.test\` でテストファイルをダウンロードすることもできます。

          ## 結果の見方

          測定結果がお客様ご自身の回線速度を上回ることはないため、2〜3 のリージョンで同じ測定を行って比較してください。中国本土向けの経路は、夜間のピーク時間帯（中国時間 20:00〜23:00）の結果が最も参考になります。サーバーのご購入後に異常が見られる場合は、お客様からサーバーへ、サーバーからお客様への両方向の \`mtr\` の結果をすべて添えて、チケットでお問い合わせください。
        `),
      },
    },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Company history (/about)
// ---------------------------------------------------------------------------------------------------------------

export const companyHistory: SeedHistoryMilestone[] = [
  {
    year: 2016,
    month: 3,
    title: {
      en: 'Cirrus Cloud is founded in Hong Kong',
      zh: 'Cirrus Cloud 在香港成立',
      ja: '香港で Cirrus Cloud を創業',
    },
    body: {
      en: 'Three engineers start renting out virtual servers from a single rack in Kwai Chung, serving developers in Hong Kong and southern China.',
      zh: '三位工程师在葵涌数据中心的一个机柜中起步，为香港及华南地区的开发者提供虚拟服务器。',
      ja: '3 人のエンジニアが葵涌のデータセンターのラック 1 本から仮想サーバーの提供を始め、香港と華南地域の開発者にサービスを届けました。',
    },
  },
  {
    year: 2017,
    month: 6,
    title: {
      en: 'Tokyo region and Japanese support',
      zh: '东京地域上线，开通日语支持',
      ja: '東京リージョンを開設し、日本語サポートを開始',
    },
    body: {
      en: 'Our second region opens in Tokyo, together with a small office that gives Japanese customers support in their own language.',
      zh: '第二个地域在东京开通，同时设立东京办公室，为日本客户提供日语支持。',
      ja: '2 番目のリージョンを東京に開設しました。あわせて小さなオフィスを構え、日本のお客様に日本語でのサポートを始めました。',
    },
  },
  {
    year: 2018,
    month: 9,
    title: {
      en: 'Singapore region and all-NVMe storage',
      zh: '新加坡地域上线，全面采用 NVMe 存储',
      ja: 'シンガポールリージョンを開設、全ストレージを NVMe 化',
    },
    body: {
      en: 'Singapore opens for customers in South-East Asia, and every new server and volume from now on runs on NVMe SSDs.',
      zh: '新加坡地域开放，服务东南亚客户；自此所有新服务器和云硬盘均运行在 NVMe SSD 上。',
      ja: '東南アジアのお客様向けにシンガポールを開設しました。これ以降、新しいサーバーとボリュームはすべて NVMe SSD で稼働しています。',
    },
  },
  {
    year: 2019,
    month: 5,
    title: {
      en: 'Los Angeles region with CN2 GIA',
      zh: '洛杉矶地域上线，接入 CN2 GIA',
      ja: 'CN2 GIA 対応のロサンゼルスリージョンを開設',
    },
    body: {
      en: 'Our first region outside Asia connects North America and mainland China over CN2 GIA routes, and block storage and snapshots launch in every region.',
      zh: '首个亚洲以外的地域通过 CN2 GIA 线路连接北美与中国大陆；块存储和快照服务同时在全部地域上线。',
      ja: 'アジア以外で初となるリージョンで、CN2 GIA により北米と中国本土をつなぎました。同時に、全リージョンでブロックストレージとスナップショットの提供を始めました。',
    },
  },
  {
    year: 2021,
    month: 4,
    title: {
      en: 'Frankfurt region for Europe',
      zh: '法兰克福地域上线，服务欧洲',
      ja: '欧州向けにフランクフルトリージョンを開設',
    },
    body: {
      en: 'Frankfurt opens with a connection to DE-CIX, and we sign data processing agreements with customers who need GDPR compliance.',
      zh: '法兰克福地域开通并接入 DE-CIX，同时开始为有 GDPR 合规需求的客户签署数据处理协议。',
      ja: 'DE-CIX に接続したフランクフルトリージョンを開設し、GDPR への対応が必要なお客様とのデータ処理契約の締結を始めました。',
    },
  },
  {
    year: 2022,
    month: 8,
    title: {
      en: 'ISO/IEC 27001 certification',
      zh: '通过 ISO/IEC 27001 认证',
      ja: 'ISO/IEC 27001 認証を取得',
    },
    body: {
      en: 'Our information security management system is certified to ISO/IEC 27001, covering our data centres, our network and our support operations.',
      zh: '我们的信息安全管理体系通过 ISO/IEC 27001 认证，范围涵盖数据中心、网络和客户支持运营。',
      ja: 'データセンター、ネットワーク、サポート業務を対象とする情報セキュリティマネジメントシステムが ISO/IEC 27001 の認証を取得しました。',
    },
  },
  {
    year: 2023,
    month: 11,
    title: {
      en: 'Seoul and Taipei regions',
      zh: '首尔、台北地域上线',
      ja: 'ソウル・台北リージョンを開設',
    },
    body: {
      en: 'Two new regions bring servers closer to players and users in Korea and Taiwan.',
      zh: '两个新地域让服务器更贴近韩国和台湾地区的玩家与用户。',
      ja: '2 つの新リージョンにより、韓国と台湾のプレイヤーやユーザーにより近い場所でサーバーを提供できるようになりました。',
    },
  },
  {
    year: 2024,
    month: 12,
    title: {
      en: '100,000 customers',
      zh: '客户数突破 10 万',
      ja: 'お客様が 10 万を突破',
    },
    body: {
      en: 'More than 100,000 developers and businesses in over 90 countries now run their projects on Cirrus Cloud.',
      zh: '来自 90 多个国家和地区的 10 万多名开发者和企业在 Cirrus Cloud 上运行他们的项目。',
      ja: '90 以上の国と地域で、10 万を超える開発者と企業が Cirrus Cloud でプロジェクトを運用しています。',
    },
  },
  {
    year: 2026,
    month: 7,
    title: {
      en: 'Osaka becomes our eighth region',
      zh: '大阪成为第八个地域',
      ja: '8 番目のリージョンとして大阪を開設',
    },
    body: {
      en: 'A second Japanese region, about 8 ms from Tokyo, lets customers build active-standby setups and keep backups inside Japan.',
      zh: '日本第二个地域上线，与东京相距约 8 ms，方便客户搭建主备架构，并将备份保存在日本境内。',
      ja: '東京から約 8 ms の国内 2 か所目のリージョンで、アクティブ／スタンバイ構成や国内でのバックアップ保管が可能になりました。',
    },
  },
  {
    year: 2026,
    month: 11,
    title: {
      en: 'API v2 is generally available',
      zh: 'API v2 正式发布',
      ja: 'API v2 の一般提供を開始',
    },
    body: {
      en: 'A new API with scoped tokens, idempotent requests and webhooks makes every part of our cloud scriptable.',
      zh: '全新 API 支持细粒度令牌权限、幂等请求和 Webhook，云平台的各项操作都可以脚本化完成。',
      ja: '権限を設定できるトークン、冪等なリクエスト、Webhook を備えた新しい API により、クラウドのあらゆる操作をスクリプトで自動化できるようになりました。',
    },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Jobs
// ---------------------------------------------------------------------------------------------------------------

export const jobDepartments: SeedJobDepartment[] = [
  { code: 'engineering', name: { en: 'Engineering', zh: '研发', ja: 'エンジニアリング' }, sort: 10 },
  { code: 'infrastructure', name: { en: 'Infrastructure', zh: '基础设施', ja: 'インフラストラクチャ' }, sort: 20 },
  { code: 'support', name: { en: 'Customer Support', zh: '客户支持', ja: 'カスタマーサポート' }, sort: 30 },
  { code: 'sales', name: { en: 'Sales', zh: '销售', ja: '営業' }, sort: 40 },
  { code: 'marketing', name: { en: 'Marketing', zh: '市场', ja: 'マーケティング' }, sort: 50 },
];

export const jobLocations: SeedJobLocation[] = [
  { code: 'hong-kong', name: { en: 'Hong Kong', zh: '香港', ja: '香港' }, sort: 10 },
  { code: 'tokyo', name: { en: 'Tokyo', zh: '东京', ja: '東京' }, sort: 20 },
  { code: 'singapore', name: { en: 'Singapore', zh: '新加坡', ja: 'シンガポール' }, sort: 30 },
  { code: 'remote', name: { en: 'Remote', zh: '远程办公', ja: 'リモート' }, sort: 40 },
];

export function jobs(now: Date): SeedJob[] {
  return [
    {
      department: 'engineering',
      location: 'hong-kong',
      employmentType: 'full-time',
      title: {
        en: 'Senior Backend Engineer (Go)',
        zh: '高级后端工程师（Go）',
        ja: 'シニアバックエンドエンジニア（Go）',
      },
      summary: {
        en: 'Build the services behind our control panel and API v2: provisioning, billing and the events that tie them together.',
        zh: '负责控制台和 API v2 背后的服务开发，包括资源开通、计费以及连接二者的事件系统。',
        ja: 'コントロールパネルと API v2 を支えるサービス（プロビジョニング、課金、それらをつなぐイベント処理）を開発します。',
      },
      responsibilities: {
        en: [
          'Design and build Go services for server provisioning, billing and usage metering',
          'Evolve the public API v2 and keep it consistent, documented and backwards compatible',
          'Own your services in production, including on-call one week in six',
          'Review code and mentor other engineers on the team',
        ],
        zh: [
          '设计并开发用于服务器开通、计费和用量计量的 Go 服务',
          '持续演进对外的 API v2，确保其一致、文档完善并向后兼容',
          '对所负责服务的线上运行负责，每六周轮值一周 on-call',
          '进行代码评审，指导团队中的其他工程师',
        ],
        ja: [
          'サーバーのプロビジョニング、課金、利用量計測のための Go サービスの設計・開発',
          '公開 API v2 の改善と、一貫性・ドキュメント・後方互換性の維持',
          '担当サービスの本番運用（6 週間に 1 週のオンコールを含む）',
          'コードレビューとチームメンバーの育成',
        ],
      },
      requirements: {
        en: [
          '5+ years of backend development, at least 2 of them in Go',
          'Solid PostgreSQL skills, including schema design and query tuning',
          'Experience designing REST APIs used by external developers',
          'Good written English; Cantonese or Mandarin is a plus',
        ],
        zh: [
          '5 年以上后端开发经验，其中至少 2 年使用 Go',
          '扎实的 PostgreSQL 能力，包括表结构设计和查询优化',
          '有设计供外部开发者使用的 REST API 的经验',
          '良好的英文书面沟通能力，会粤语或普通话者优先',
        ],
        ja: [
          'バックエンド開発の経験 5 年以上（うち Go での開発 2 年以上）',
          'スキーマ設計やクエリチューニングを含む PostgreSQL の確かな知識',
          '外部の開発者が利用する REST API の設計経験',
          '英語での文章によるコミュニケーション力（広東語・中国語ができれば尚可）',
        ],
      },
      postedAt: daysBefore(now, 4, 3),
      active: true,
    },
    {
      department: 'engineering',
      location: 'remote',
      employmentType: 'full-time',
      title: {
        en: 'Frontend Engineer (React / Next.js)',
        zh: '前端工程师（React / Next.js）',
        ja: 'フロントエンドエンジニア（React / Next.js）',
      },
      summary: {
        en: 'Work on our trilingual website and control panel, used every day by customers in English, Chinese and Japanese.',
        zh: '参与开发我们的三语官网和控制台，每天都有用户以中文、英文和日文使用它们。',
        ja: '英語・中国語・日本語で毎日ご利用いただいている、3 言語対応の Web サイトとコントロールパネルを開発します。',
      },
      responsibilities: {
        en: [
          'Build product, pricing and checkout pages with React and Next.js',
          'Keep the site fast and accessible on slow mobile connections',
          'Work with designers and translators so every screen reads naturally in three languages',
          'Write unit and end-to-end tests for the flows you build',
        ],
        zh: [
          '使用 React 和 Next.js 开发产品、价格和下单页面',
          '确保网站在较慢的移动网络下依然快速且无障碍',
          '与设计师和译者合作，让每个页面在三种语言下都自然易读',
          '为所开发的流程编写单元测试和端到端测试',
        ],
        ja: [
          'React と Next.js による製品・料金・購入ページの開発',
          '低速なモバイル回線でも高速でアクセシブルなサイトの維持',
          'デザイナーや翻訳者と協力し、3 言語すべてで自然に読める画面づくり',
          '担当した機能の単体テストと E2E テストの作成',
        ],
      },
      requirements: {
        en: [
          '3+ years of professional experience with React and TypeScript',
          'Experience with server rendering and internationalisation',
          'Care for accessibility and web performance',
          'Able to overlap at least 4 hours with Hong Kong working hours',
        ],
        zh: [
          '3 年以上 React 和 TypeScript 的工作经验',
          '有服务端渲染和国际化开发经验',
          '重视无障碍和网页性能',
          '每天至少有 4 小时与香港工作时间重叠',
        ],
        ja: [
          'React と TypeScript の実務経験 3 年以上',
          'サーバーサイドレンダリングと国際化対応の経験',
          'アクセシビリティと Web パフォーマンスへのこだわり',
          '香港の業務時間と 1 日 4 時間以上重なる時間帯で働けること',
        ],
      },
      postedAt: daysBefore(now, 12, 2),
      active: true,
    },
    {
      department: 'infrastructure',
      location: 'tokyo',
      employmentType: 'full-time',
      title: {
        en: 'Network Engineer',
        zh: '网络工程师',
        ja: 'ネットワークエンジニア',
      },
      summary: {
        en: 'Run and grow the backbone that connects our eight regions, from BGP peering in Tokyo and Osaka to our CN2 GIA links.',
        zh: '运维并扩展连接八个地域的骨干网络，从东京、大阪的 BGP 对等互联到 CN2 GIA 线路。',
        ja: '東京・大阪での BGP ピアリングから CN2 GIA 回線まで、8 つのリージョンを結ぶバックボーンの運用と拡張を担当します。',
      },
      responsibilities: {
        en: [
          'Operate our routers and BGP sessions with transit providers and internet exchanges',
          'Plan capacity and carry out maintenance such as router and line-card upgrades',
          'Improve DDoS detection and mitigation together with the security team',
          'Investigate routing issues reported by customers and explain the results clearly',
        ],
        zh: [
          '运维路由器以及与上游运营商和互联网交换中心之间的 BGP 会话',
          '规划网络容量，实施路由器和线卡升级等维护工作',
          '与安全团队合作改进 DDoS 检测和清洗能力',
          '排查客户反馈的路由问题，并清楚地说明结论',
        ],
        ja: [
          'ルーターの運用と、トランジット事業者・IX との BGP セッションの管理',
          'キャパシティ計画と、ルーターやラインカードの更新などのメンテナンス作業',
          'セキュリティチームと連携した DDoS 検知・緩和の改善',
          'お客様から報告された経路の問題の調査と、わかりやすい説明',
        ],
      },
      requirements: {
        en: [
          '3+ years operating production networks at an ISP, data centre or cloud provider',
          'Deep knowledge of BGP, and hands-on experience with Juniper or Arista',
          'Automation skills in Python or Ansible',
          'Business-level Japanese and English',
        ],
        zh: [
          '3 年以上在 ISP、数据中心或云服务商运维生产网络的经验',
          '深入理解 BGP，有 Juniper 或 Arista 设备的实际操作经验',
          '能使用 Python 或 Ansible 实现自动化',
          '日语和英语达到商务水平',
        ],
        ja: [
          'ISP・データセンター・クラウド事業者での本番ネットワーク運用経験 3 年以上',
          'BGP の深い知識と、Juniper または Arista の実務経験',
          'Python や Ansible による自動化のスキル',
          'ビジネスレベルの日本語と英語',
        ],
      },
      postedAt: daysBefore(now, 20, 1),
      active: true,
    },
    {
      department: 'infrastructure',
      location: 'singapore',
      employmentType: 'contract',
      title: {
        en: 'Data Centre Technician (12-month contract)',
        zh: '数据中心技术员（12 个月合同）',
        ja: 'データセンター技術者（12 か月契約）',
      },
      summary: {
        en: 'Keep the hardware in our Singapore data centre healthy as we add new racks for compute and block storage.',
        zh: '在我们扩建计算和块存储机柜期间，负责新加坡数据中心硬件的日常维护。',
        ja: 'コンピュートとブロックストレージのラック増設に伴い、シンガポールのデータセンターでハードウェアの保守を担当します。',
      },
      responsibilities: {
        en: [
          'Rack, cable and commission new servers and storage nodes',
          'Replace failed disks, memory and power supplies following our runbooks',
          'Keep the asset inventory and cabling documentation accurate',
          'Take part in a rotating schedule for urgent on-site work',
        ],
        zh: [
          '负责新服务器和存储节点的上架、布线和调试',
          '按照操作手册更换故障硬盘、内存和电源',
          '确保资产清单和布线文档准确无误',
          '参与紧急现场工作的轮班',
        ],
        ja: [
          '新しいサーバーとストレージノードのラッキング、配線、動作確認',
          '手順書に沿った故障ディスク・メモリ・電源ユニットの交換',
          '資産台帳と配線ドキュメントの正確な管理',
          '緊急のオンサイト作業の当番への参加',
        ],
      },
      requirements: {
        en: [
          '1+ year of hands-on work in a data centre or server room',
          'Basic Linux skills and familiarity with IPMI or Redfish',
          'Able to lift 25 kg and work shifts when needed',
          'Eligible to work in Singapore',
        ],
        zh: [
          '1 年以上数据中心或机房的实际工作经验',
          '具备基本的 Linux 技能，熟悉 IPMI 或 Redfish',
          '能搬运 25 公斤重物，并可按需轮班',
          '具有在新加坡工作的合法资格',
        ],
        ja: [
          'データセンターまたはサーバールームでの実務経験 1 年以上',
          'Linux の基本的なスキルと、IPMI または Redfish の知識',
          '25 kg の機材を運べること、必要に応じてシフト勤務ができること',
          'シンガポールでの就労資格をお持ちであること',
        ],
      },
      postedAt: daysBefore(now, 27, 4),
      active: true,
    },
    {
      department: 'support',
      location: 'tokyo',
      employmentType: 'full-time',
      title: {
        en: 'Technical Support Engineer (Japanese)',
        zh: '技术支持工程师（日语）',
        ja: 'テクニカルサポートエンジニア（日本語）',
      },
      summary: {
        en: 'Help our Japanese customers succeed with cloud servers, from the first SSH login to tracing a routing problem.',
        zh: '帮助日本客户用好云服务器，从第一次 SSH 登录到排查路由问题。',
        ja: '初めての SSH ログインから経路の問題の調査まで、日本のお客様がクラウドサーバーを活用できるようサポートします。',
      },
      responsibilities: {
        en: [
          'Answer tickets and live chat in Japanese and English',
          'Troubleshoot Linux, networking and billing questions, and escalate when needed',
          'Write and update Japanese help articles',
          'Share customer feedback with the product team',
        ],
        zh: [
          '使用日语和英语处理工单和在线咨询',
          '排查 Linux、网络和账务问题，必要时升级处理',
          '撰写并更新日语帮助文档',
          '向产品团队反馈客户意见',
        ],
        ja: [
          '日本語と英語でのチケット・ライブチャット対応',
          'Linux、ネットワーク、請求に関する問題の切り分けと、必要に応じたエスカレーション',
          '日本語ヘルプ記事の作成と更新',
          'お客様の声を製品チームへフィードバック',
        ],
      },
      requirements: {
        en: [
          'Native or fluent Japanese and working English',
          'Experience administering Linux servers',
          'Understanding of DNS, TCP/IP and common web servers',
          'Willing to work shifts, including some weekends',
        ],
        zh: [
          '日语为母语或流利，英语可用于工作',
          '有 Linux 服务器管理经验',
          '了解 DNS、TCP/IP 和常见的 Web 服务器',
          '能接受轮班，包括部分周末',
        ],
        ja: [
          'ネイティブまたは流暢な日本語と、業務で使える英語',
          'Linux サーバーの管理経験',
          'DNS、TCP/IP、一般的な Web サーバーの知識',
          '一部の週末を含むシフト勤務が可能な方',
        ],
      },
      postedAt: daysBefore(now, 8, 1),
      active: true,
    },
    {
      department: 'support',
      location: 'remote',
      employmentType: 'part-time',
      title: {
        en: 'Customer Support Specialist, Night Shift (Mandarin)',
        zh: '客户支持专员（夜班，普通话）',
        ja: 'カスタマーサポートスペシャリスト（夜間・中国語）',
      },
      summary: {
        en: 'Look after Chinese-speaking customers overnight, when the Hong Kong office is closed.',
        zh: '在香港办公室下班后的夜间时段，为中文客户提供支持。',
        ja: '香港オフィスの営業時間外となる夜間に、中国語を話すお客様をサポートします。',
      },
      responsibilities: {
        en: [
          'Answer tickets and live chat in Chinese between 00:00 and 08:00 HKT',
          'Handle billing questions, refunds and account verification',
          'Escalate outages and abuse reports to the on-call engineers',
          'Hand over open cases clearly to the morning shift',
        ],
        zh: [
          '在香港时间 00:00-08:00 使用中文处理工单和在线咨询',
          '处理账务咨询、退款和账户验证',
          '将故障和滥用举报升级给值班工程师',
          '向早班清楚交接未结案件',
        ],
        ja: [
          '香港時間 00:00〜08:00 の中国語でのチケット・ライブチャット対応',
          '請求に関するお問い合わせ、返金、アカウント確認の対応',
          '障害や不正利用の通報のオンコールエンジニアへのエスカレーション',
          '未解決の案件の朝番への確実な引き継ぎ',
        ],
      },
      requirements: {
        en: [
          'Fluent Mandarin and written English',
          '1+ year in customer support, ideally for a hosting or software company',
          'Basic understanding of servers, domains and DNS',
          'A quiet workspace and a reliable internet connection',
        ],
        zh: [
          '普通话流利，具备英文书面沟通能力',
          '1 年以上客户支持经验，有主机或软件公司经验者优先',
          '对服务器、域名和 DNS 有基本了解',
          '拥有安静的工作环境和稳定的网络',
        ],
        ja: [
          '流暢な中国語と、英語での文章によるコミュニケーション力',
          'カスタマーサポートの経験 1 年以上（ホスティングやソフトウェア企業での経験があれば尚可）',
          'サーバー、ドメイン、DNS の基本的な理解',
          '静かな作業環境と安定したインターネット回線',
        ],
      },
      postedAt: daysBefore(now, 15, 6),
      active: true,
    },
    {
      department: 'sales',
      location: 'singapore',
      employmentType: 'full-time',
      title: {
        en: 'Account Manager, South-East Asia',
        zh: '东南亚大客户经理',
        ja: 'アカウントマネージャー（東南アジア）',
      },
      summary: {
        en: 'Grow our business with game studios, e-commerce companies and agencies across South-East Asia.',
        zh: '拓展我们在东南亚游戏工作室、电商企业和代理商中的业务。',
        ja: '東南アジアのゲームスタジオ、EC 企業、制作会社との取引を拡大します。',
      },
      responsibilities: {
        en: [
          'Manage a portfolio of business customers and help them grow on Cirrus Cloud',
          'Find new customers in Singapore, Malaysia, Indonesia and Vietnam',
          'Prepare proposals and pricing with our solutions engineers',
          'Represent Cirrus Cloud at regional events and meet-ups',
        ],
        zh: [
          '管理一批企业客户，帮助他们在 Cirrus Cloud 上扩展业务',
          '在新加坡、马来西亚、印度尼西亚和越南开拓新客户',
          '与解决方案工程师一起准备方案和报价',
          '代表 Cirrus Cloud 参加区域内的行业活动和技术聚会',
        ],
        ja: [
          '担当する法人のお客様との関係構築と、Cirrus Cloud での事業拡大の支援',
          'シンガポール、マレーシア、インドネシア、ベトナムでの新規顧客開拓',
          'ソリューションエンジニアと協力した提案書と見積もりの作成',
          '地域のイベントやミートアップへの Cirrus Cloud 代表としての参加',
        ],
      },
      requirements: {
        en: [
          '3+ years selling cloud, hosting or other B2B technology',
          'Enough technical knowledge to discuss servers, networks and storage with engineers',
          'Fluent English; Bahasa, Vietnamese or Mandarin is a plus',
          'Willing to travel within the region',
        ],
        zh: [
          '3 年以上云计算、主机或其他 B2B 技术产品的销售经验',
          '具备与工程师讨论服务器、网络和存储的技术知识',
          '英语流利，会马来语/印尼语、越南语或普通话者优先',
          '能接受区域内出差',
        ],
        ja: [
          'クラウド、ホスティング、その他の B2B 技術製品の営業経験 3 年以上',
          'サーバー、ネットワーク、ストレージについてエンジニアと話せる技術知識',
          '流暢な英語（マレー語・インドネシア語、ベトナム語、中国語ができれば尚可）',
          '地域内への出張が可能な方',
        ],
      },
      postedAt: daysBefore(now, 31, 2),
      active: true,
    },
    {
      department: 'marketing',
      location: 'hong-kong',
      employmentType: 'internship',
      title: {
        en: 'Content Marketing Intern',
        zh: '内容营销实习生',
        ja: 'コンテンツマーケティング インターン',
      },
      summary: {
        en: 'A six-month internship writing tutorials, announcements and social posts for developers in three languages.',
        zh: '为期六个月的实习，为开发者撰写三种语言的教程、公告和社交媒体内容。',
        ja: '開発者向けのチュートリアル、お知らせ、SNS 投稿を 3 言語で制作する 6 か月間のインターンシップです。',
      },
      responsibilities: {
        en: [
          'Write step-by-step tutorials, such as deploying an app on a VPS',
          'Draft announcements and campaign pages for promotions',
          'Run our developer community channels together with the marketing team',
          'Track how content performs and suggest improvements',
        ],
        zh: [
          '撰写分步教程，例如如何在 VPS 上部署应用',
          '起草公告和促销活动页面文案',
          '与市场团队一起运营开发者社区渠道',
          '跟踪内容数据表现并提出改进建议',
        ],
        ja: [
          'VPS へのアプリのデプロイなど、手順を追ったチュートリアルの執筆',
          'お知らせやキャンペーンページの原稿作成',
          'マーケティングチームと共同での開発者コミュニティの運営',
          'コンテンツの効果測定と改善の提案',
        ],
      },
      requirements: {
        en: [
          'Studying computer science, communications or a related subject',
          'Clear writing in English plus Chinese or Japanese',
          'Has set up a Linux server or a website before',
          'Available at least four days a week for six months',
        ],
        zh: [
          '计算机、传播或相关专业在读',
          '英文写作清晰，并能使用中文或日文写作',
          '曾自行搭建过 Linux 服务器或网站',
          '能连续六个月、每周至少实习四天',
        ],
        ja: [
          '情報工学、コミュニケーション、または関連分野を専攻する学生',
          '英語に加え、中国語または日本語でわかりやすい文章が書ける方',
          'Linux サーバーや Web サイトを構築した経験がある方',
          '6 か月間、週 4 日以上勤務できる方',
        ],
      },
      postedAt: daysBefore(now, 22, 3),
      active: true,
    },
    {
      department: 'infrastructure',
      location: 'hong-kong',
      employmentType: 'full-time',
      title: {
        en: 'Storage Engineer (Ceph)',
        zh: '存储工程师（Ceph）',
        ja: 'ストレージエンジニア（Ceph）',
      },
      summary: {
        en: 'This position has been filled. Operate and scale the Ceph clusters behind our NVMe block storage.',
        zh: '该职位已招满。负责运维和扩展支撑 NVMe 块存储的 Ceph 集群。',
        ja: 'このポジションの募集は終了しました。NVMe ブロックストレージを支える Ceph クラスターの運用と拡張を担当します。',
      },
      responsibilities: {
        en: [
          'Operate, upgrade and expand our Ceph clusters in eight regions',
          'Tune performance for latency-sensitive database workloads',
          'Automate node replacement and rebalancing',
        ],
        zh: [
          '运维、升级并扩容八个地域的 Ceph 集群',
          '针对延迟敏感的数据库负载进行性能调优',
          '实现节点替换和数据再平衡的自动化',
        ],
        ja: [
          '8 リージョンの Ceph クラスターの運用・アップグレード・増設',
          '遅延に敏感なデータベース用途に向けた性能チューニング',
          'ノード交換とリバランスの自動化',
        ],
      },
      requirements: {
        en: [
          '3+ years running Ceph or another distributed storage system in production',
          'Strong Linux and networking fundamentals',
          'Scripting in Python or Go',
        ],
        zh: [
          '3 年以上在生产环境运维 Ceph 或其他分布式存储系统的经验',
          '扎实的 Linux 和网络基础',
          '能使用 Python 或 Go 编写脚本',
        ],
        ja: [
          'Ceph などの分散ストレージの本番運用経験 3 年以上',
          'Linux とネットワークの確かな基礎知識',
          'Python または Go でのスクリプト作成',
        ],
      },
      postedAt: daysBefore(now, 96, 2),
      active: false,
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Reviews (footer comments and the rating summary; only approved ones are shown)
// ---------------------------------------------------------------------------------------------------------------

/** Approved ratings: fifteen 5s, three 4s, one 3 and one 2, an average of 4.6. */
export function reviews(now: Date): SeedReview[] {
  const at = (days: number, utcHour: number) => daysBefore(now, days, utcHour);
  return [
    {
      authorName: '王先生',
      locale: 'zh',
      rating: 5,
      body: '上海电信到香港 CN2 机房，晚高峰也稳定在 30ms 左右，基本不丢包，跑网站和 SSH 都很流畅。',
      status: 'approved',
      createdAt: at(3, 13),
    },
    {
      authorName: 'Daniel K.',
      locale: 'en',
      rating: 5,
      body: 'Moved three client sites from shared hosting to a small Tokyo VPS. Pages load in under 200 ms from Singapore, and the panel is far less cluttered than what I used before.',
      status: 'approved',
      createdAt: at(6, 9),
    },
    {
      authorName: '佐藤 健',
      locale: 'ja',
      rating: 5,
      body: '東京リージョンを半年ほど使っています。大阪リージョンができたので、バックアップ先として追加しました。サポートも日本語で丁寧に対応してもらえます。',
      status: 'approved',
      createdAt: at(9, 1),
    },
    {
      authorName: '陈志强',
      locale: 'zh',
      rating: 5,
      body: '凌晨两点提交的工单，十分钟就有人回复，还一步步教我在救援模式里把 fstab 改好了。',
      status: 'approved',
      createdAt: at(14, 18),
    },
    {
      authorName: 'Priya S.',
      locale: 'en',
      rating: 4,
      body: 'Very solid network from Hong Kong into mainland China. My only wish is a bit more included traffic on the smallest plan.',
      status: 'approved',
      createdAt: at(18, 7),
    },
    {
      authorName: '中村 さくら',
      locale: 'ja',
      rating: 5,
      body: '管理画面がわかりやすく、スナップショットからの復元も数分で終わりました。料金が円で表示されるのも助かります。',
      status: 'approved',
      createdAt: at(23, 4),
    },
    {
      authorName: '李婷',
      locale: 'zh',
      rating: 4,
      body: '价格不算最便宜，但线路质量对得起这个价。广州联通 ping 香港 10ms 左右。希望账单以后能自定义公司抬头。',
      status: 'approved',
      createdAt: at(27, 12),
    },
    {
      authorName: 'Marcus Lee',
      locale: 'en',
      rating: 5,
      body: 'API v2 is a big step up. The idempotency key saved me from a duplicate server when my Terraform run timed out halfway.',
      status: 'approved',
      createdAt: at(5, 15),
    },
    {
      authorName: 'K. Suzuki',
      locale: 'ja',
      rating: 4,
      body: 'シンガポールの VPS でゲームサーバーを運用しています。速度は十分ですが、夜間にたまに ping が少し揺れることがあります。',
      status: 'approved',
      createdAt: at(34, 11),
    },
    {
      authorName: '小周',
      locale: 'zh',
      rating: 5,
      body: '拼团买的香港 VPS，三个人不到一小时就成团了，开机不到一分钟，性价比很高。',
      status: 'approved',
      createdAt: at(40, 14),
    },
    {
      authorName: 'Sophie W.',
      locale: 'en',
      rating: 5,
      body: 'Support answered my ticket about the blocked port 25 within 20 minutes and told me exactly what they needed from me. Refreshingly human.',
      status: 'approved',
      createdAt: at(47, 8),
    },
    {
      authorName: 'たなか',
      locale: 'ja',
      rating: 5,
      body: '7日間の返金保証があったので気軽に試せました。結局そのまま年払いに切り替えています。',
      status: 'approved',
      createdAt: at(55, 3),
    },
    {
      authorName: '刘洋',
      locale: 'zh',
      rating: 2,
      body: '洛杉矶节点晚上到移动的线路不太稳定，偶尔丢包比较严重。工单回复说正在优化，希望尽快改善。',
      status: 'approved',
      createdAt: at(63, 15),
    },
    {
      authorName: 'Tom H.',
      locale: 'en',
      rating: 3,
      body: 'The Frankfurt server itself runs fine, but I would like to be billed in EUR. Reconciling USD invoices every month is a chore.',
      status: 'approved',
      createdAt: at(72, 10),
    },
    {
      authorName: '张工',
      locale: 'zh',
      rating: 5,
      body: 'NVMe 盘读写很快，fio 随机读测出来几万 IOPS，拿来跑 MySQL 很合适。',
      status: 'approved',
      createdAt: at(84, 6),
    },
    {
      authorName: '高橋',
      locale: 'ja',
      rating: 5,
      body: 'ソウルリージョンから韓国のユーザー向けにサービスを提供しています。ソウル市内からのレイテンシは 5ms 前後で安定しています。',
      status: 'approved',
      createdAt: at(96, 2),
    },
    {
      authorName: 'Kevin Ng',
      locale: 'en',
      rating: 5,
      body: 'Customer since 2019. Several hardware refreshes later, my Hong Kong server has still had no unplanned downtime.',
      status: 'approved',
      createdAt: at(110, 5),
    },
    {
      authorName: 'Jason 黄',
      locale: 'zh',
      rating: 5,
      body: '控制台的 VNC 很好用，防火墙把自己锁在外面也能进去改回来。安全组的配置也很直观。',
      status: 'approved',
      createdAt: at(128, 13),
    },
    {
      authorName: '山本',
      locale: 'ja',
      rating: 5,
      body: '台北リージョンは台湾向けの配信にとても便利です。ドキュメントも日本語でしっかり書かれていて助かりました。',
      status: 'approved',
      createdAt: at(147, 9),
    },
    {
      authorName: 'Laura M.',
      locale: 'en',
      rating: 5,
      body: 'We took a UDP flood last month and barely noticed. The DDoS protection filtered it and we got an e-mail with the attack details afterwards.',
      status: 'approved',
      createdAt: at(168, 16),
    },
    {
      authorName: 'Ahmed R.',
      locale: 'en',
      rating: 4,
      body: 'Just signed up and my Osaka server was ready in under a minute. Will update after a month of use.',
      status: 'pending',
      createdAt: at(1, 6),
    },
    {
      authorName: '周末',
      locale: 'zh',
      rating: 3,
      body: '刚开通东京的 VPS，到上海晚高峰 70ms 左右，比预期略高，再观察几天。',
      status: 'pending',
      createdAt: at(2, 14),
    },
    {
      authorName: 'いとう',
      locale: 'ja',
      rating: 5,
      body: '共同購入で安く買えました。サーバーの初期設定もとても簡単でした。',
      status: 'pending',
      createdAt: at(2, 2),
    },
    {
      authorName: 'best vps deals',
      locale: 'en',
      rating: 5,
      body: 'BEST VPS EVER!!! cheap cheap cheap, visit super-vps-deals.example for 90% OFF coupons and free servers!!!',
      status: 'rejected',
      createdAt: at(12, 20),
    },
  ];
}
