/**
 * How much of something is left or taken (a coupon's stock, a sale item's, a group's seats) as a bar: the native
 * `<progress>`, which is a progress bar to assistive technology without ARIA, drawn as the thin rounded bar the
 * cards use in every engine. Its name says the numbers; the cards also write them under it.
 */
export function StockBar({
  value,
  max,
  label,
  fill = 'brand',
}: {
  value: number;
  max: number;
  label: string;
  fill?: 'brand' | 'red';
}) {
  const colour =
    fill === 'red'
      ? '[&::-moz-progress-bar]:bg-red-500 [&::-webkit-progress-value]:bg-red-500'
      : '[&::-moz-progress-bar]:bg-brand-500 [&::-webkit-progress-value]:bg-brand-500';
  return (
    <progress
      value={Math.max(0, Math.min(value, max))}
      max={Math.max(1, max)}
      aria-label={label}
      className={`block h-2 w-full appearance-none overflow-hidden rounded-full border-0 bg-surface [&::-moz-progress-bar]:rounded-full [&::-webkit-progress-bar]:bg-surface [&::-webkit-progress-value]:rounded-full ${colour}`}
    />
  );
}
