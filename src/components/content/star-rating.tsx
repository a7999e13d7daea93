import { starGlyphs } from '@/lib/stars';

const GLYPH_CLASS = { full: 'text-amber-500', half: 'text-amber-500', empty: 'text-slate-300' } as const;

/**
 * A row of five star glyphs for a level in halves (docs/product/entities.md#content). Decorative: the caller gives screen readers one
 * sentence ("Rated 4.5 out of 5 from 120 reviews"), so the glyphs are aria-hidden.
 */
export function StarRow({ level, size = 'text-lg' }: { level: number; size?: string }) {
  return (
    <span aria-hidden="true" className={`inline-flex gap-0.5 leading-none ${size}`} data-stars={level}>
      {starGlyphs(level).map((glyph, i) => (
        // The five slots never reorder, so the position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed five positions
        <span key={i} className={`relative inline-block ${GLYPH_CLASS[glyph]}`}>
          {glyph === 'half' ? (
            <>
              <span className="text-slate-300">★</span>
              <span className="absolute inset-0 w-1/2 overflow-hidden text-amber-500">★</span>
            </>
          ) : (
            '★'
          )}
        </span>
      ))}
    </span>
  );
}
