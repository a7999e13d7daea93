'use client';

import { ErrorView } from '@/components/shell/error-view';
import './globals.css';

/** When even the language layout fails: a plain English error page with the status, never a stack. */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en-US">
      <head>
        <meta name="robots" content="noindex" />
        <title>Something went wrong</title>
      </head>
      <body>
        <ErrorView
          status={500}
          statusLabel="Error 500"
          title="Something went wrong"
          message="The page could not be shown. Please try again in a moment."
          actions={
            <button
              type="button"
              onClick={reset}
              className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white"
            >
              Try again
            </button>
          }
        />
      </body>
    </html>
  );
}
