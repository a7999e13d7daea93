'use client';

import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** docs/product/constants.md#timing: dropdowns show and hide after 150 ms. */
const DELAY_MS = 150;

/**
 * One header dropdown (docs/product/screens.md#header): a button disclosing a panel whose links are rendered on the server. Opens
 * on mouse hover after 150 ms, on click, or by keyboard (Enter, Space, ArrowDown, which also moves into the
 * panel); closes on leaving, Escape (focus returns to the button), following one of its links, a click
 * elsewhere or focus leaving it.
 * A few hundred bytes instead of a menu library in every page's first load (docs/product/targets.md#performance).
 */
export function MenuDisclosure({
  label,
  children,
  panelClassName,
  buttonClassName,
}: {
  label: ReactNode;
  children: ReactNode;
  panelClassName: string;
  buttonClassName: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const openedByHover = useRef(false);

  // Hover, focus-out and link clicks are the wrapper's, listened to directly: the wrapper is not itself a control.
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const schedule = (value: boolean) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        openedByHover.current = value;
        setOpen(value);
      }, DELAY_MS);
    };
    const onEnter = (e: PointerEvent) => e.pointerType === 'mouse' && schedule(true);
    const onLeave = (e: PointerEvent) => e.pointerType === 'mouse' && schedule(false);
    const onFocusOut = (e: FocusEvent) => {
      if (!element.contains(e.relatedTarget as Node | null)) setOpen(false);
    };
    // A link followed from the panel closes it: the header stays across a page change within the site, and an
    // open panel would cover the next page. Focus goes back to the button, as with Escape, rather than to the
    // body once the link is hidden. A click with a modifier opens another tab and leaves the menu as it is.
    const onClick = (e: MouseEvent) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      if (!(e.target as Element | null)?.closest?.('a[href]')) return;
      window.clearTimeout(timer.current);
      setOpen(false);
      button.current?.focus();
    };
    element.addEventListener('pointerenter', onEnter);
    element.addEventListener('pointerleave', onLeave);
    element.addEventListener('focusout', onFocusOut);
    element.addEventListener('click', onClick);
    return () => {
      window.clearTimeout(timer.current);
      element.removeEventListener('pointerenter', onEnter);
      element.removeEventListener('pointerleave', onLeave);
      element.removeEventListener('focusout', onFocusOut);
      element.removeEventListener('click', onClick);
    };
  }, []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        data-state={open ? 'open' : 'closed'}
        className={buttonClassName}
        onClick={() => {
          window.clearTimeout(timer.current);
          // A click on a menu the pointer just opened keeps it open rather than closing it again.
          if (open && openedByHover.current) openedByHover.current = false;
          else setOpen((o) => !o);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowDown') return;
          e.preventDefault();
          setOpen(true);
          window.requestAnimationFrame(() =>
            document.getElementById(id)?.querySelector<HTMLElement>('a, button')?.focus(),
          );
        }}
      >
        {label}
      </button>
      <div id={id} hidden={!open} className={panelClassName}>
        {children}
      </div>
    </div>
  );
}
