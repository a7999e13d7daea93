import { gridHeight, textLines } from '@/lib/table-height';

/**
 * The heights (rem) the VPS page's region cards keep while skipped (`render-when-near`, docs/product/targets.md#performance): [below the desk
 * breakpoint, from it up]. A card's network note wraps onto several lines at 320 px, so a fixed height per card
 * fell short (78 rem kept against 84 rem real in English, found by tests/e2e/routes.spec.ts). Sizes restate the
 * classes of src/app/[locale]/[currency]/product/vps/page.tsx.
 */
const REM = 16;
/** The card's border and padding. */
const CARD_INSET_PX = 2 + 2 * 16;
/** At 320 px, one column inside the page's 20 px padding: 246 px for text. */
const PHONE_TEXT_PX = 320 - 2 * 20 - CARD_INSET_PX;
/** At 960 px, four columns with 16 px gaps, narrower than a phone's one: 184 px for text. */
const DESK_TEXT_PX = (960 - 2 * 20 - 3 * 16) / 4 - CARD_INSET_PX;
/** The card's padding, border and the gaps between its three lines, in px. */
const CARD_PX = CARD_INSET_PX + 4 + 8;
/** The heading above the cards and its margin, in rem. */
const FRAME_REM = 4.5;
const GAP_REM = 1;
/** Headroom over the estimate, for faces a little wider than the glyph widths assumed. */
const SAFETY = 1.1;

export type RegionCardText = { title: string; networkNote: string; testIpLine: string };

function cardRem(card: RegionCardText, widthPx: number): number {
  const px =
    CARD_PX +
    textLines(card.title, 16 * 1.08, widthPx) * 24 +
    textLines(card.networkNote, 12, widthPx) * 16 +
    textLines(card.testIpLine, 12 * 1.1, widthPx) * 16;
  return (px * SAFETY) / REM;
}

export function regionCardsHeights(cards: RegionCardText[]): [number, number] {
  const heights = cards.map((card) => cardRem(card, PHONE_TEXT_PX));
  const deskHeights = cards.map((card) => cardRem(card, DESK_TEXT_PX));
  return [
    Math.ceil(FRAME_REM + gridHeight(heights, 1, GAP_REM)),
    // Four cards a row from the desk breakpoint up.
    Math.ceil(FRAME_REM + gridHeight(deskHeights, 4, GAP_REM)),
  ];
}

type LabelledText = { label: string; value: string };

/** A plan as its card shows it below the desk breakpoint: the name, and each cell's label and value. */
export type PlanCardText = {
  name: string;
  cpuModel: string | null;
  /** vCPU, memory, disk, bandwidth and traffic, two to a line. */
  specs: LabelledText[];
  regions: LabelledText;
  monthly: LabelledText;
  hourly: LabelledText;
};

export type PlanLineText = { name: string; description: string; note: string | null; plans: PlanCardText[] };

/* The plan cards restate these classes of src/components/catalog/plan-table.tsx: the card `p-4` with a border,
   `grid-cols-2 gap-x-4 gap-y-3`; labels `text-xs` upper case (16 px lines), values `text-sm` (20 px), regions
   `text-xs`, the monthly price `text-base` (24 px), the Configure link 28 px beside the two prices; cards 12 px
   apart (`space-y-3`). */
/** At 320 px, half the card's text width after the 16 px gap. */
const PLAN_COLUMN_PX = (PHONE_TEXT_PX - 16) / 2;
const PLAN_GAP_PX = 12;
const LINE_TEXT_PX = 320 - 2 * 20;

function labelledPx(cell: LabelledText, valuePx: number, valueLine: number, widthPx: number) {
  // Upper-case labels run about a fifth wider than the glyph widths `textLines` assumes.
  return textLines(cell.label, 12 * 1.2, widthPx) * 16 + textLines(cell.value, valuePx, widthPx) * valueLine;
}

function planCardPx(plan: PlanCardText): number {
  const rows: number[] = [
    textLines(plan.name, 14 * 1.08, PHONE_TEXT_PX) * 20 +
      (plan.cpuModel ? textLines(plan.cpuModel, 12, PHONE_TEXT_PX) * 16 : 0),
  ];
  for (let i = 0; i < plan.specs.length; i += 2) {
    rows.push(Math.max(...plan.specs.slice(i, i + 2).map((c) => labelledPx(c, 14, 20, PLAN_COLUMN_PX))));
  }
  rows.push(labelledPx(plan.regions, 12, 16, PHONE_TEXT_PX));
  // The monthly price over the hourly one, Configure beside both (28 px tall, never the taller).
  rows.push(labelledPx(plan.monthly, 16 * 1.08, 24, PLAN_COLUMN_PX), labelledPx(plan.hourly, 14, 20, PLAN_COLUMN_PX));
  return CARD_INSET_PX + rows.reduce((sum, h) => sum + h, 0) + (rows.length - 1) * PLAN_GAP_PX;
}

/**
 * The heights (rem) a product line's section keeps while skipped: [below the desk breakpoint, from it up]. On a
 * phone each plan is a card (docs/decisions/038-tables-on-phones.md) whose labels and values wrap at 320 px; from
 * the desk breakpoint up it is a table row, kept at the 13 rem a plan the section kept before at every width.
 */
export function planLineHeights(line: PlanLineText): [number, number] {
  const header =
    textLines(line.name, 24 * 1.08, LINE_TEXT_PX) * 32 + // the heading, text-2xl
    8 +
    textLines(line.description, 16, LINE_TEXT_PX) * 24 +
    (line.note ? 4 + textLines(line.note, 14, LINE_TEXT_PX) * 20 : 0) +
    20; // the cards' top margin
  const cards = gridHeight(line.plans.map(planCardPx), 1, PLAN_GAP_PX);
  return [Math.ceil(((header + cards) * SAFETY) / REM), 12 + 13 * line.plans.length];
}
