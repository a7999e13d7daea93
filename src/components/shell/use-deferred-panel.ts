'use client';

import { useRef, useState } from 'react';

/**
 * A panel whose code loads on demand (docs/product/targets.md#performance): nothing is fetched until the visitor points at or presses
 * its trigger; `wanted` turns true then and stays true, `open` follows the panel.
 */
export function useDeferredPanel() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const triggerProps = {
    ref: trigger,
    type: 'button' as const,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': open,
    onPointerEnter: () => setWanted(true),
    onClick: () => {
      setWanted(true);
      setOpen((o) => !o);
    },
  };
  return { open, setOpen, wanted, trigger, triggerProps };
}
