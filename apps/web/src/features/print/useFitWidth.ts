import { useLayoutEffect, useState } from 'react';

/** An A4 sheet's width in CSS pixels (210 mm at 96 px to the inch). */
export const A4_WIDTH_PX = (210 * 96) / 25.4;

/**
 * How much to shrink an A4 sheet so that it fits the width of the box given to `ref` (a callback
 * ref: the box appears once the print view has loaded): 1 where the sheet fills the dialog (wider than
 * 48em), less on a phone, so that quantity, price and amount stay in view (issue 31). Fingers still
 * zoom the page; printing ignores it (printPreview.css).
 */
export function useFitWidth<T extends HTMLElement>(): { ref: (element: T | null) => void; scale: number } {
  const [box, setBox] = useState<T | null>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    if (!box) return undefined;
    // below 48em the sheet keeps its A4 width (printPreview.css); wider, it fills the dialog
    const phone = window.matchMedia('(max-width: 48em)');
    const measure = () => {
      const width = box.clientWidth;
      setScale(phone.matches && width > 0 && width < A4_WIDTH_PX ? Math.floor((width / A4_WIDTH_PX) * 1000) / 1000 : 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [box]);
  return { ref: setBox, scale };
}
