/**
 * The id of the element that holds a page's first screen: the home hero, every other page's intro band, the
 * error page's body. The root layout's `<link rel="expect" href="#first-screen" blocking="render">` keeps the
 * browser from painting before that element is parsed, so the first frame already shows the page's heading
 * and intro, the largest text on it (docs/decisions/021-first-frame-holds-the-intro.md).
 */
export const FIRST_SCREEN_ID = 'first-screen';
