'use client';

import { useTranslations } from 'next-intl';

export type SeatImage = { id: string; name: string };

/** The OS a group-buy server is set up with; every seat's order needs one (docs/decisions/013-group-buy.md). */
export function PintuanImageSelect({
  id,
  images,
  value,
  onChange,
}: {
  id: string;
  images: SeatImage[];
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useTranslations('pintuanActions');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-ink">
        {t('image')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-md border border-line bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {images.map((image) => (
          <option key={image.id} value={image.id}>
            {image.name}
          </option>
        ))}
      </select>
    </div>
  );
}
