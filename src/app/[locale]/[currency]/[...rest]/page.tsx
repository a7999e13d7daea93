import { notFound } from 'next/navigation';

// Any path no route matches renders the language's 404 page (SPEC §2).
export default function CatchAll() {
  notFound();
}
