import { useEffect, useState } from 'react';

export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

const same = (a: Rect | null, b: Rect | null) =>
  a === b || (!!a && !!b && a.top === b.top && a.left === b.left && a.width === b.width && a.height === b.height);

/** The first visible element marked `data-tutorial={target}`. */
function find(target: string): Element | undefined {
  return [...document.querySelectorAll(`[data-tutorial="${target}"]`)].find((element) => {
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  });
}

/**
 * Where a tutorial target is on screen, followed frame by frame: the drawer and the dropdown it
 * points into slide in after the step starts, and the window may be resized or scrolled.
 */
export function useTargetRect(target: string | undefined): Rect | null {
  const [rect, setRect] = useState<Rect | null>(null);
  useEffect(() => {
    if (!target) {
      setRect(null);
      return;
    }
    let frame = 0;
    let last: Rect | null = null;
    const follow = () => {
      const element = find(target);
      const box = element?.getBoundingClientRect();
      const next = box ? { top: box.top, left: box.left, width: box.width, height: box.height } : null;
      if (!same(next, last)) {
        last = next;
        setRect(next);
      }
      frame = requestAnimationFrame(follow);
    };
    follow();
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return rect;
}
