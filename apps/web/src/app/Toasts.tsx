import { useEffect, useState } from 'react';
import { Notifications, useNotifications } from '@mantine/notifications';
import { PRIMARY_ACTIONS_ATTRIBUTE } from '../components/ActionBar';
import { NOTIFICATION_AUTO_CLOSE_MS } from '../lib/notify';
import { toastLift, type Box } from '../lib/toastLift';
import './toasts.css';

/** Mantine's own distance of the stack from the edges (--mantine-spacing-md). */
const BASE = 16;
const GAP = 8;

/** The rows of primary buttons the user can reach: inside the open dialog if there is one. */
function primaryActions(): Box[] {
  const dialogs = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
  const scope: ParentNode[] = dialogs.length > 0 ? [...dialogs] : [document];
  return scope.flatMap((root) =>
    [...root.querySelectorAll(`[${PRIMARY_ACTIONS_ATTRIBUTE}]`)].map((row) => row.getBoundingClientRect()),
  );
}

function measure(): number {
  const stack = document.querySelector('.fk-toasts[data-position="bottom-right"]');
  if (!stack) return BASE;
  const box = stack.getBoundingClientRect();
  return toastLift({
    viewportHeight: window.innerHeight,
    stack: { height: box.height, left: box.left, right: box.right },
    actions: primaryActions(),
    base: BASE,
    gap: GAP,
  });
}

/**
 * Toasts at the bottom right (spec §9), raised above any row of primary buttons they would cover:
 * the sticky action bar of a form, a dialog's buttons. Measured while toasts are shown, on scrolling,
 * resizing and a few times a second (dialogs open and forms grow without an event saying so).
 */
export function Toasts() {
  const shown = useNotifications().notifications.length > 0;
  const [lift, setLift] = useState(BASE);
  useEffect(() => {
    if (!shown) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setLift(measure()));
    };
    update();
    window.addEventListener('scroll', update, { capture: true, passive: true });
    window.addEventListener('resize', update);
    const timer = window.setInterval(update, 200);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update, { capture: true });
      window.removeEventListener('resize', update);
      window.clearInterval(timer);
    };
  }, [shown]);
  return (
    <Notifications
      className="fk-toasts"
      position="bottom-right"
      autoClose={NOTIFICATION_AUTO_CLOSE_MS}
      style={{ '--fk-toast-lift': `${shown ? lift : BASE}px` }}
    />
  );
}
