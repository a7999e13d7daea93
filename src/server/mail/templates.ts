import 'server-only';
import type { OutgoingMail } from './outbox';

export type MailLocale = 'en' | 'zh' | 'ja';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML element or a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

type ActivationInput = { locale: MailLocale; to: string; username: string; link: string; brand: string };

type ActivationCopy = {
  subject: string;
  greeting: string;
  intro: string;
  button: string;
  /** Shown above the bare link for mail clients that do not show the button. */
  fallback: string;
  validity: string;
  notYou: string;
  signature: string;
};

/** The copy of the activation mail per language (SPEC §1); every value is plain text, escaped for HTML later. */
const ACTIVATION: Record<MailLocale, (v: { username: string; brand: string }) => ActivationCopy> = {
  en: ({ username, brand }) => ({
    subject: `Activate your ${brand} account`,
    greeting: `Hello ${username},`,
    intro: `Thank you for signing up with ${brand}. Please confirm your e-mail address to activate your account.`,
    button: 'Activate my account',
    fallback: 'If the button does not work, copy this link into your browser:',
    validity: 'The link is valid for 24 hours and can be used only once.',
    notYou: 'If you did not sign up, you can safely ignore this e-mail. Without activation the account stays inactive.',
    signature: `The ${brand} team`,
  }),
  zh: ({ username, brand }) => ({
    subject: `请激活您的 ${brand} 账户`,
    greeting: `${username}，您好：`,
    intro: `感谢您注册 ${brand}。请确认您的邮箱地址，以激活账户。`,
    button: '激活账户',
    fallback: '如果按钮无法点击，请将以下链接复制到浏览器中打开：',
    validity: '该链接 24 小时内有效，且只能使用一次。',
    notYou: '如果您并未注册，请忽略本邮件。未经激活，该账户不会生效。',
    signature: `${brand} 团队`,
  }),
  ja: ({ username, brand }) => ({
    subject: `【${brand}】アカウント有効化のお願い`,
    greeting: `${username} 様`,
    intro: `${brand} にご登録いただき、ありがとうございます。メールアドレスを確認し、アカウントを有効化してください。`,
    button: 'アカウントを有効化する',
    fallback: 'ボタンが機能しない場合は、次のリンクをブラウザに貼り付けてください。',
    validity: 'このリンクの有効期限は 24 時間で、一度だけご利用いただけます。',
    notYou: 'お心当たりのない場合は、このメールを破棄してください。有効化されない限り、アカウントは利用できません。',
    signature: `${brand} チーム`,
  }),
};

/** The sign-up confirmation (SPEC §4, /activate): a single-use link valid for 24 hours. */
export function activationMail({ locale, to, username, link, brand }: ActivationInput): OutgoingMail {
  const copy = ACTIVATION[locale]({ username, brand });
  // The link is the only URL in the text body: the worker's log line picks it from there (worker.ts).
  const text = [
    copy.greeting,
    '',
    copy.intro,
    '',
    link,
    '',
    copy.validity,
    '',
    copy.notYou,
    '',
    '-- ',
    copy.signature,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${locale === 'zh' ? 'zh-CN' : locale}">
<head><meta charset="utf-8"><title>${e(copy.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f7fa;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Hiragino Sans','Microsoft YaHei',sans-serif;color:#1f2937;line-height:1.6">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p>${e(copy.greeting)}</p>
<p>${e(copy.intro)}</p>
<p style="margin:28px 0"><a href="${e(link)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:600">${e(copy.button)}</a></p>
<p style="font-size:14px;color:#4b5563">${e(copy.fallback)}<br><a href="${e(link)}" style="color:#2563eb;word-break:break-all">${e(link)}</a></p>
<p>${e(copy.validity)}</p>
<p style="font-size:14px;color:#4b5563">${e(copy.notYou)}</p>
<p>${e(copy.signature)}</p>
</div>
</body>
</html>
`;
  return { kind: 'activation', to, subject: copy.subject, text, html };
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
