import { useTranslations } from 'next-intl';

export type SupportConfig = { chat: string; mail: string; survey: string };

/**
 * The support popover's content (docs/product/screens.md#support-popover): the three configured links and the customer centre's ticket page.
 * No 'use client': the header renders it on the server, the mobile drawer inside its own lazy chunk (docs/product/targets.md#performance).
 */
export function SupportLinks({ support, ticketUrl }: { support: SupportConfig; ticketUrl: string }) {
  const t = useTranslations('shell.support');
  const links = [
    { href: support.chat, label: t('chat') },
    { href: support.mail, label: t('mail') },
    { href: support.survey, label: t('survey') },
    { href: ticketUrl, label: t('ticket') },
  ];
  return (
    <ul className="space-y-1">
      {links.map((link) => (
        <li key={link.label}>
          <a
            href={link.href}
            rel="noopener"
            target={link.href.startsWith('mailto:') ? undefined : '_blank'}
            className="block rounded-md px-3 py-2 text-sm text-ink hover:bg-surface"
          >
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
