import { notFound } from 'next/navigation';

// Any path no route matches renders the language's 404 page (docs/product/screens.md#not-found-and-error-pages).
export default function CatchAll() {
  notFound();
}
