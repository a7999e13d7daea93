import { gridHeight, textLines } from '@/lib/table-height';

/**
 * The heights (rem) the VPS page's region cards keep while skipped (`render-when-near`, issue 9): [below the desk
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
