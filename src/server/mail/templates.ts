import 'server-only';
import type { OutgoingMail } from './outbox';

export type MailLocale = 'en' | 'zh' | 'ja';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML element or a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

export type CustomerMail = {
  subject: string;
  greeting: string;
  /** Paragraphs before the buttons. */
  intro: string[];
  /**
   * Label and value pairs after the paragraphs (an order's lines and totals): a table in HTML, one `label: value`
   * line each in text. A pair with an empty label is a heading-less value; `strong` marks a total.
   */
  facts?: { label: string; value: string; strong?: boolean }[];
  buttons: { label: string; link: string }[];
  /** Shown above the bare links for mail clients that do not show the buttons. */
  fallback: string;
  /** Paragraphs after the buttons. */
  after: string[];
  signature: string;
};

/**
 * A mail to a customer, in their language: text and HTML parts from the same copy, every value escaped. The one
 * layout of every customer mail (the order mails too: src/server/mail/order-mails.ts).
 */
export function customerMail(kind: string, locale: MailLocale, to: string, copy: CustomerMail): OutgoingMail {
  // The first link is the first URL in the text body: the worker's log line picks it from there (worker.ts).
  const text = [
    copy.greeting,
    '',
    ...copy.intro.flatMap((p) => [p, '']),
    ...(copy.facts?.length ? [...copy.facts.map((f) => (f.label ? `${f.label}: ${f.value}` : f.value)), ''] : []),
    ...copy.buttons.flatMap((b) => (copy.buttons.length > 1 ? [`${b.label}:`, b.link, ''] : [b.link, ''])),
    ...copy.after.flatMap((p) => [p, '']),
    '-- ',
    copy.signature,
    '',
  ].join('\n');
  const e = escapeHtml;
  const buttons = copy.buttons
    .map(
      (b) =>
        `<a href="${e(b.link)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:600;margin:0 8px 8px 0">${e(b.label)}</a>`,
    )
    .join('');
  const bare = copy.buttons
    .map((b) => `<a href="${e(b.link)}" style="color:#2563eb;word-break:break-all">${e(b.link)}</a>`)
    .join('<br>');
  const facts = copy.facts?.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px">${copy.facts
        .map(
          (f) =>
            `<tr${f.strong ? ' style="font-weight:600;border-top:1px solid #e5e7eb"' : ''}><td style="padding:4px 12px 4px 0">${e(f.label)}</td><td style="padding:4px 0;text-align:right;white-space:nowrap">${e(f.value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const html = `<!doctype html>
<html lang="${locale === 'zh' ? 'zh-CN' : locale}">
<head><meta charset="utf-8"><title>${e(copy.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f7fa;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Hiragino Sans','Microsoft YaHei',sans-serif;color:#1f2937;line-height:1.6">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p>${e(copy.greeting)}</p>
${copy.intro.map((p) => `<p>${e(p)}</p>`).join('\n')}
${facts}
<p style="margin:28px 0">${buttons}</p>
<p style="font-size:14px;color:#4b5563">${e(copy.fallback)}<br>${bare}</p>
${copy.after.map((p) => `<p style="font-size:14px;color:#4b5563">${e(p)}</p>`).join('\n')}
<p>${e(copy.signature)}</p>
</div>
</body>
</html>
`;
  return { kind, to, subject: copy.subject, text, html };
}

type ActivationInput = { locale: MailLocale; to: string; username: string; link: string; brand: string };

/** The copy of the activation mail per language (docs/product/screens.md#account-activation); every value is plain text, escaped for HTML later. */
const ACTIVATION: Record<MailLocale, (v: Omit<ActivationInput, 'locale' | 'to'>) => CustomerMail> = {
  en: ({ username, brand, link }) => ({
    subject: `Activate your ${brand} account`,
    greeting: `Hello ${username},`,
    intro: [`Thank you for signing up with ${brand}. Please confirm your e-mail address to activate your account.`],
    buttons: [{ label: 'Activate my account', link }],
    fallback: 'If the button does not work, copy this link into your browser:',
    after: [
      'The link is valid for 24 hours and can be used only once.',
      'If you did not sign up, you can safely ignore this e-mail. Without activation the account stays inactive.',
    ],
    signature: `The ${brand} team`,
  }),
  zh: ({ username, brand, link }) => ({
    subject: `请激活您的 ${brand} 账户`,
    greeting: `${username}，您好：`,
    intro: [`感谢您注册 ${brand}。请确认您的邮箱地址，以激活账户。`],
    buttons: [{ label: '激活账户', link }],
    fallback: '如果按钮无法点击，请将以下链接复制到浏览器中打开：',
    after: ['该链接 24 小时内有效，且只能使用一次。', '如果您并未注册，请忽略本邮件。未经激活，该账户不会生效。'],
    signature: `${brand} 团队`,
  }),
  ja: ({ username, brand, link }) => ({
    subject: `【${brand}】アカウント有効化のお願い`,
    greeting: `${username} 様`,
    intro: [
      `${brand} にご登録いただき、ありがとうございます。メールアドレスを確認し、アカウントを有効化してください。`,
    ],
    buttons: [{ label: 'アカウントを有効化する', link }],
    fallback: 'ボタンが機能しない場合は、次のリンクをブラウザに貼り付けてください。',
    after: [
      'このリンクの有効期限は 24 時間で、一度だけご利用いただけます。',
      'お心当たりのない場合は、このメールを破棄してください。有効化されない限り、アカウントは利用できません。',
    ],
    signature: `${brand} チーム`,
  }),
};

/** The sign-up confirmation (docs/product/states.md#accounts, /activate): a single-use link valid for 24 hours. */
export function activationMail(input: ActivationInput): OutgoingMail {
  return customerMail('activation', input.locale, input.to, ACTIVATION[input.locale](input));
}

type RegistrationAttemptInput = {
  locale: MailLocale;
  to: string;
  username: string;
  loginLink: string;
  resetLink: string;
  brand: string;
};

const REGISTRATION_ATTEMPT: Record<MailLocale, (v: Omit<RegistrationAttemptInput, 'locale' | 'to'>) => CustomerMail> = {
  en: ({ username, brand, loginLink, resetLink }) => ({
    subject: `Someone tried to sign up for ${brand} with your e-mail address`,
    greeting: `Hello ${username},`,
    intro: [
      `Someone just tried to create a new ${brand} account with this e-mail address. It already belongs to your account, so nothing was created and your account is unchanged.`,
      'If it was you, you can simply log in. If you have forgotten your password, you can choose a new one.',
    ],
    buttons: [
      { label: 'Log in', link: loginLink },
      { label: 'Reset my password', link: resetLink },
    ],
    fallback: 'If the buttons do not work, copy a link into your browser:',
    after: ['If it was not you, you can ignore this e-mail: no one can use your account without your password.'],
    signature: `The ${brand} team`,
  }),
  zh: ({ username, brand, loginLink, resetLink }) => ({
    subject: `有人尝试用您的邮箱注册 ${brand}`,
    greeting: `${username}，您好：`,
    intro: [
      `刚才有人尝试用此邮箱地址注册新的 ${brand} 账户。该邮箱已属于您的账户，因此没有创建新账户，您的账户也没有任何变化。`,
      '如果是您本人操作，直接登录即可；如果忘记了密码，可以设置新密码。',
    ],
    buttons: [
      { label: '登录', link: loginLink },
      { label: '重置密码', link: resetLink },
    ],
    fallback: '如果按钮无法点击，请将链接复制到浏览器中打开：',
    after: ['如果不是您本人操作，请忽略本邮件：没有您的密码，任何人都无法使用您的账户。'],
    signature: `${brand} 团队`,
  }),
  ja: ({ username, brand, loginLink, resetLink }) => ({
    subject: `【${brand}】お客様のメールアドレスで新規登録が試みられました`,
    greeting: `${username} 様`,
    intro: [
      `このメールアドレスで ${brand} の新規アカウント登録が試みられました。このアドレスはすでにお客様のアカウントで使われているため、新しいアカウントは作成されず、お客様のアカウントにも変更はありません。`,
      'ご本人による操作であれば、そのままログインしてください。パスワードをお忘れの場合は、新しいパスワードを設定できます。',
    ],
    buttons: [
      { label: 'ログイン', link: loginLink },
      { label: 'パスワードを再設定する', link: resetLink },
    ],
    fallback: 'ボタンが機能しない場合は、次のリンクをブラウザに貼り付けてください。',
    after: [
      'お心当たりのない場合は、このメールを破棄してください。パスワードがなければ、誰もお客様のアカウントを利用できません。',
    ],
    signature: `${brand} チーム`,
  }),
};

/**
 * Sent to the owner when someone signs up with an address that already has an account: the sign-up answers
 * as for a new address (no enumeration), and only the owner learns that the address is taken.
 */
export function registrationAttemptMail(input: RegistrationAttemptInput): OutgoingMail {
  return customerMail('registration-attempt', input.locale, input.to, REGISTRATION_ATTEMPT[input.locale](input));
}

type PasswordResetInput = { locale: MailLocale; to: string; username: string; link: string; brand: string };

const PASSWORD_RESET: Record<MailLocale, (v: Omit<PasswordResetInput, 'locale' | 'to'>) => CustomerMail> = {
  en: ({ username, brand, link }) => ({
    subject: `Reset your ${brand} password`,
    greeting: `Hello ${username},`,
    intro: ['We received a request to reset the password of your account. Choose a new password with this link:'],
    buttons: [{ label: 'Choose a new password', link }],
    fallback: 'If the button does not work, copy this link into your browser:',
    after: [
      'The link is valid for 1 hour and can be used only once. Setting a new password logs you out everywhere.',
      'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    ],
    signature: `The ${brand} team`,
  }),
  zh: ({ username, brand, link }) => ({
    subject: `重置您的 ${brand} 密码`,
    greeting: `${username}，您好：`,
    intro: ['我们收到了重置您账户密码的请求。请通过以下链接设置新密码：'],
    buttons: [{ label: '设置新密码', link }],
    fallback: '如果按钮无法点击，请将以下链接复制到浏览器中打开：',
    after: [
      '该链接 1 小时内有效，且只能使用一次。设置新密码后，所有设备上的登录都会退出。',
      '如果这不是您本人的请求，请忽略本邮件，您的密码不会改变。',
    ],
    signature: `${brand} 团队`,
  }),
  ja: ({ username, brand, link }) => ({
    subject: `【${brand}】パスワード再設定のご案内`,
    greeting: `${username} 様`,
    intro: ['アカウントのパスワード再設定のご依頼を受け付けました。次のリンクから新しいパスワードを設定してください。'],
    buttons: [{ label: '新しいパスワードを設定する', link }],
    fallback: 'ボタンが機能しない場合は、次のリンクをブラウザに貼り付けてください。',
    after: [
      'このリンクの有効期限は 1 時間で、一度だけご利用いただけます。新しいパスワードを設定すると、すべての端末でログアウトされます。',
      'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
    ],
    signature: `${brand} チーム`,
  }),
};

/** A password reset link: single use, valid for an hour. */
export function passwordResetMail(input: PasswordResetInput): OutgoingMail {
  return customerMail('password-reset', input.locale, input.to, PASSWORD_RESET[input.locale](input));
}

type ContactInput = {
  id: number;
  to: string;
  brand: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  locale: MailLocale;
  ip: string;
  receivedAt: Date;
};

const LANGUAGE_NAME: Record<MailLocale, string> = { en: 'English', zh: 'Chinese (简体中文)', ja: 'Japanese (日本語)' };

/**
 * A /contact message for the operators' mailbox (CONTACT_TO). Written in English for the team; the visitor's
 * own words are quoted as they wrote them, escaped in the HTML part, and their address is the one to reply to.
 */
export function contactMail({
  id,
  to,
  brand,
  name,
  email,
  topic,
  message,
  locale,
  ip,
  receivedAt,
}: ContactInput): OutgoingMail {
  const subject = `[${brand} contact #${id}] ${topic}: ${name}`;
  const facts: [string, string][] = [
    ['From', `${name} <${email}>`],
    ['Topic', topic],
    ['Language', LANGUAGE_NAME[locale]],
    ['Received', receivedAt.toISOString()],
    ['IP', ip],
  ];
  const text = [
    `New message through the contact form (#${id}). Reply to ${email}.`,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    message,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f7fa;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Hiragino Sans','Microsoft YaHei',sans-serif;color:#1f2937;line-height:1.6">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p>New message through the contact form (#${id}). Reply to <a href="mailto:${e(email)}">${e(email)}</a>.</p>
<table style="border-collapse:collapse;font-size:14px">${facts
    .map(([k, v]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0">${e(k)}</th><td>${e(v)}</td></tr>`)
    .join('')}</table>
<pre style="white-space:pre-wrap;font-family:inherit;border-left:3px solid #2563eb;padding-left:12px;margin-top:20px">${e(message)}</pre>
</div>
</body>
</html>
`;
  return { kind: 'contact', to, subject, text, html };
}

type StaffInviteInput = {
  locale: MailLocale;
  to: string;
  name: string;
  /** Who invited them; null for the first owner (the command line). */
  invitedBy: string | null;
  role: string;
  link: string;
  brand: string;
};

const ROLE_NAMES: Record<MailLocale, Record<string, string>> = {
  en: { owner: 'owner', manager: 'manager', editor: 'editor', support: 'support' },
  zh: { owner: '所有者', manager: '经理', editor: '编辑', support: '客服' },
  ja: { owner: 'オーナー', manager: 'マネージャー', editor: '編集者', support: 'サポート' },
};

const STAFF_INVITE: Record<MailLocale, (v: Omit<StaffInviteInput, 'locale' | 'to'>) => CustomerMail> = {
  en: ({ name, invitedBy, role, link, brand }) => ({
    subject: `Your ${brand} back-office account`,
    greeting: `Hello ${name},`,
    intro: [
      `${invitedBy ?? 'The site administrator'} has given you a ${brand} back-office account as ${ROLE_NAMES.en[role] ?? role}.`,
      'Open the link to choose your password and set up the second factor with an authenticator app (Google Authenticator, 1Password, Authy or similar).',
    ],
    buttons: [{ label: 'Set up my account', link }],
    fallback: 'If the button does not work, copy this link into your browser:',
    after: [
      'The link is valid for 24 hours and can be used only once.',
      'If you did not expect this, ignore this e-mail.',
    ],
    signature: `The ${brand} team`,
  }),
  zh: ({ name, invitedBy, role, link, brand }) => ({
    subject: `您的 ${brand} 后台账户`,
    greeting: `${name}，您好：`,
    intro: [
      `${invitedBy ?? '网站管理员'}为您开通了 ${brand} 后台账户，角色为「${ROLE_NAMES.zh[role] ?? role}」。`,
      '请打开以下链接设置密码，并使用身份验证器应用（Google Authenticator、1Password、Authy 等）绑定两步验证。',
    ],
    buttons: [{ label: '设置账户', link }],
    fallback: '如果按钮无法点击，请将以下链接复制到浏览器中打开：',
    after: ['该链接 24 小时内有效，且只能使用一次。', '如果您并不知情，请忽略本邮件。'],
    signature: `${brand} 团队`,
  }),
  ja: ({ name, invitedBy, role, link, brand }) => ({
    subject: `【${brand}】管理画面アカウントのご案内`,
    greeting: `${name} 様`,
    intro: [
      `${invitedBy ?? 'サイト管理者'}が ${brand} 管理画面のアカウント（権限：${ROLE_NAMES.ja[role] ?? role}）を作成しました。`,
      '次のリンクからパスワードを設定し、認証アプリ（Google Authenticator、1Password、Authy など）で二段階認証を登録してください。',
    ],
    buttons: [{ label: 'アカウントを設定する', link }],
    fallback: 'ボタンが機能しない場合は、次のリンクをブラウザに貼り付けてください。',
    after: [
      'このリンクの有効期限は 24 時間で、一度だけご利用いただけます。',
      'お心当たりのない場合は、このメールを破棄してください。',
    ],
    signature: `${brand} チーム`,
  }),
};

/** A back-office invitation: the one-time setup link (24 hours) in the invited person's language. */
export function staffInviteMail(input: StaffInviteInput): OutgoingMail {
  return customerMail('staff-invite', input.locale, input.to, STAFF_INVITE[input.locale](input));
}

type StaffResetInput = {
  locale: MailLocale;
  to: string;
  name: string;
  /** The owner who reset it. */
  resetBy: string;
  link: string;
  brand: string;
};

const STAFF_RESET: Record<MailLocale, (v: Omit<StaffResetInput, 'locale' | 'to'>) => CustomerMail> = {
  en: ({ name, resetBy, link, brand }) => ({
    subject: `Set up your ${brand} back-office sign-in again`,
    greeting: `Hello ${name},`,
    intro: [
      `${resetBy} has reset the second factor of your ${brand} back-office account. Your old password, authenticator codes and recovery codes no longer work, and you have been signed out everywhere.`,
      'Open the link to choose a new password and set up your authenticator app again.',
    ],
    buttons: [{ label: 'Set up my sign-in', link }],
    fallback: 'If the button does not work, copy this link into your browser:',
    after: [
      'The link is valid for 24 hours and can be used only once.',
      `If you did not ask for this, tell ${resetBy} or another owner.`,
    ],
    signature: `The ${brand} team`,
  }),
  zh: ({ name, resetBy, link, brand }) => ({
    subject: `请重新设置您的 ${brand} 后台登录方式`,
    greeting: `${name}，您好：`,
    intro: [
      `${resetBy}已重置您 ${brand} 后台账户的两步验证。原密码、身份验证器验证码和恢复码均已失效，您在所有设备上的登录也已结束。`,
      '请打开以下链接设置新密码，并重新绑定身份验证器应用。',
    ],
    buttons: [{ label: '重新设置登录方式', link }],
    fallback: '如果按钮无法点击，请将以下链接复制到浏览器中打开：',
    after: ['该链接 24 小时内有效，且只能使用一次。', `如果这不是您本人的请求，请告知${resetBy}或其他所有者。`],
    signature: `${brand} 团队`,
  }),
  ja: ({ name, resetBy, link, brand }) => ({
    subject: `【${brand}】管理画面のサインイン再設定のお願い`,
    greeting: `${name} 様`,
    intro: [
      `${resetBy}が ${brand} 管理画面アカウントの二段階認証をリセットしました。これまでのパスワード、認証アプリのコード、リカバリーコードは使えなくなり、すべての端末でサインアウトしています。`,
      '次のリンクから新しいパスワードを設定し、認証アプリをもう一度登録してください。',
    ],
    buttons: [{ label: 'サインインを再設定する', link }],
    fallback: 'ボタンが機能しない場合は、次のリンクをブラウザに貼り付けてください。',
    after: [
      'このリンクの有効期限は 24 時間で、一度だけご利用いただけます。',
      `お心当たりのない場合は、${resetBy}またはほかのオーナーにお知らせください。`,
    ],
    signature: `${brand} チーム`,
  }),
};

/** A reset second factor (docs/product/back-office-api.md, "Recovering staff"): the new setup link, 24 hours. */
export function staffResetMail(input: StaffResetInput): OutgoingMail {
  return customerMail('staff-reset', input.locale, input.to, STAFF_RESET[input.locale](input));
}

type GroupSeatInput = {
  locale: MailLocale;
  to: string;
  username: string;
  role: 'leader' | 'member';
  offer: string;
  number: string;
  total: string;
  /** The payment deadline, written out with its time zone. */
  payBy: string;
  payLink: string;
  groupLink: string;
  brand: string;
};

const GROUP_SEAT: Record<MailLocale, (v: Omit<GroupSeatInput, 'locale' | 'to'>) => CustomerMail> = {
  en: ({ username, role, offer, number, total, payBy, payLink, groupLink, brand }) => ({
    subject: `Pay ${total} by ${payBy} to ${role === 'leader' ? 'open your group' : 'keep your seat'}: ${offer}`,
    greeting: `Hello ${username},`,
    intro: [
      role === 'leader'
        ? `You have started a group on "${offer}". It opens to others as soon as you pay order ${number}: ${total}, by ${payBy}. Until then nobody can join, and if it is not paid by then the group is called off.`
        : `You have a seat in a group on "${offer}". Pay order ${number}: ${total}, by ${payBy} to keep it; an unpaid seat is given up then and someone else can take it.`,
      'The group succeeds when every seat is paid. If it does not fill in time, every paid order of the group is refunded.',
    ],
    buttons: [
      { label: `Pay ${total}`, link: payLink },
      { label: 'View the group', link: groupLink },
    ],
    fallback: 'If the buttons do not work, copy these links into your browser:',
    after: [],
    signature: `The ${brand} team`,
  }),
  zh: ({ username, role, offer, number, total, payBy, payLink, groupLink, brand }) => ({
    subject: `请在 ${payBy} 前支付 ${total}，${role === 'leader' ? '即可开团' : '保留您的名额'}：${offer}`,
    greeting: `${username}，您好：`,
    intro: [
      role === 'leader'
        ? `您在「${offer}」发起了拼团。请在 ${payBy} 前支付订单 ${number}（${total}），付款后团即开放，其他人才能参团；逾期未付，本团将取消。`
        : `您已加入「${offer}」的拼团。请在 ${payBy} 前支付订单 ${number}（${total}）以保留名额；逾期未付，名额将释放给其他人。`,
      '所有名额均付款后即拼团成功。若到期仍未成团，本团所有已付款订单将全额退款。',
    ],
    buttons: [
      { label: `支付 ${total}`, link: payLink },
      { label: '查看拼团', link: groupLink },
    ],
    fallback: '如果按钮无法点击，请将以下链接复制到浏览器中打开：',
    after: [],
    signature: `${brand} 团队`,
  }),
  ja: ({ username, role, offer, number, total, payBy, payLink, groupLink, brand }) => ({
    subject: `【${brand}】${payBy}までに ${total} のお支払いで${role === 'leader' ? 'グループが公開されます' : '席が確定します'}：${offer}`,
    greeting: `${username} 様`,
    intro: [
      role === 'leader'
        ? `「${offer}」のグループを作成しました。ご注文 ${number}（${total}）を ${payBy} までにお支払いいただくと、グループが公開され、ほかの方が参加できるようになります。期限までにお支払いがない場合、グループは取り消されます。`
        : `「${offer}」のグループに参加しました。席を確保するには、ご注文 ${number}（${total}）を ${payBy} までにお支払いください。期限を過ぎると席は解放され、ほかの方が参加できるようになります。`,
      '全員のお支払いが済むとグループ成立です。期限までに定員に達しなかった場合、このグループでお支払い済みのご注文はすべて返金されます。',
    ],
    buttons: [
      { label: `${total} を支払う`, link: payLink },
      { label: 'グループを見る', link: groupLink },
    ],
    fallback: 'ボタンが機能しない場合は、次のリンクをブラウザに貼り付けてください。',
    after: [],
    signature: `${brand} チーム`,
  }),
};

/**
 * Sent when a customer takes a group-buy seat (opens a group or joins one): what to pay, by when, and what happens
 * otherwise (docs/decisions/060-group-buy-payment.md).
 */
export function groupSeatMail(input: GroupSeatInput): OutgoingMail {
  return customerMail('group-seat', input.locale, input.to, GROUP_SEAT[input.locale](input));
}
