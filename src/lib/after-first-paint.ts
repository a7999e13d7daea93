/**
 * Resolves once the page's first contentful paint has been presented, or after FALLBACK_MS when the browser
 * reports none (a background tab paints nothing). Without paint timing (old Safari) the load event stands in.
 *
 * Why: the first Web Storage access of a session is a synchronous trip to the browser process, which opens the origin's
 * storage. In a fresh profile (a first visit, Lighthouse) that trip held the first frame back by about a second, even
 * though it ran after React had committed the page (the decision has the figures). Shell code that reads local storage
 * (settings, consent, the pop-up clock) waits for this first (docs/decisions/016-first-paint-before-storage.md).
 */
const FALLBACK_MS = 2500;

let firstPaint: Promise<void> | null = null;

function hasPainted(): boolean {
  return performance.getEntriesByName('first-contentful-paint').length > 0;
}

export function afterFirstPaint(): Promise<void> {
  if (firstPaint) return firstPaint;
  firstPaint = new Promise<void>((resolve) => {
    // A macrotask after the paint entry, so the frame is on screen before the storage trip starts.
    const done = () => window.setTimeout(resolve, 0);
    if (hasPainted()) {
      done();
      return;
    }
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      // No paint timing (old Safari): the load event is the nearest sign that the page is on screen.
      if (document.readyState === 'complete') done();
      else window.addEventListener('load', done, { once: true });
      return;
    }
    const fallback = window.setTimeout(() => {
      observer.disconnect();
      resolve();
    }, FALLBACK_MS);
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      window.clearTimeout(fallback);
      done();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
  return firstPaint;
}
