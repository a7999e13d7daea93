import type { Metadata } from 'next';
import { ErrorView } from '@/components/shell/error-view';
import { NotFoundMessage } from '@/components/shell/not-found-message';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false, follow: false } };

/** Last-resort 404 for paths no language layout takes (e.g. /robots.php): English, like the unprefixed site. */
export default function RootNotFound() {
  return (
    <html lang="en-US">
      <body>
        <ErrorView
          status={404}
          statusLabel="Error 404"
          title="Page not found"
          message={<NotFoundMessage template="Page Not Found: {path}" />}
          actions={
            <a className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white" href="/">
              Back to the home page
            </a>
          }
        />
      </body>
    </html>
  );
}
