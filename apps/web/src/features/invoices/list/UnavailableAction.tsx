import { createContext, Suspense, useCallback, useContext, useEffect, useState, type PointerEvent, type ReactNode } from 'react';
import { ActionIcon } from '@mantine/core';
import { lazyComponent } from '../../../components/lazy';
import { LoadBoundary } from '../../../components/LoadBoundary';

// The tooltip (Mantine's Tooltip, and with it Floating UI) downloads when the first hint is asked for.
const HintTooltip = lazyComponent(() => import('./HintTooltip').then((module) => module.HintTooltip), { texts: 'first' });

interface Hint {
  target: HTMLElement;
  why: string;
  /** Shown by a touch: stays until the next touch or click elsewhere (a finger does not hover). */
  touch: boolean;
}

type ShowHint = (hint: Hint | null | ((current: Hint | null) => Hint | null)) => void;

const HintContext = createContext<ShowHint | null>(null);

/**
 * One tooltip for every unavailable action inside it (the invoice list's rows), shown beside the
 * button the pointer, the focus or a touch is on. One floating element instead of one per row: fifty
 * positioned tooltips, built before the list could paint, were the costliest part of its rows. The
 * tooltip's code comes with the first hint (a hover, a focus or a touch shows it once it is in).
 */
export function UnavailableHints({ children }: { children: ReactNode }) {
  const [hint, setHint] = useState<Hint | null>(null);
  // A touch-shown hint closes at the next pointer press anywhere else.
  useEffect(() => {
    if (!hint?.touch) return;
    const target = hint.target;
    const close = (event: Event) => {
      if (!(event.target instanceof Node && target.contains(event.target))) setHint(null);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [hint]);
  return (
    <HintContext.Provider value={setHint}>
      {children}
      {/* without its code (no connection) no tooltip shows; the reason stays the button's description */}
      {hint && (
        <LoadBoundary resetKey={hint} fallback={() => null}>
          <Suspense fallback={null}>
            <HintTooltip.Component key={hint.why} target={hint.target} label={hint.why} />
          </Suspense>
        </LoadBoundary>
      )}
    </HintContext.Provider>
  );
}

interface UnavailableActionProps {
  /** The action's accessible name, as when it is offered ("Delete invoice 2/POSL1/1"). */
  label: string;
  /** Why it is not offered: shown on hover, focus and touch, and always its accessible description. */
  why: string;
  id: string;
  color?: string;
  children: ReactNode;
}

/**
 * An action a row does not offer, kept in its place so a user looking for it learns why (in the
 * tooltip of the UnavailableHints around it). Not `disabled`: a disabled button gets no hover or
 * focus, so its tooltip could never show.
 */
export function UnavailableAction({ label, why, id, color, children }: UnavailableActionProps) {
  const setHint = useContext(HintContext);
  // A touch also focuses the button (in Chrome): that focus must not turn the touch's hint into one
  // the next pointer leave takes away.
  const show = useCallback(
    (target: HTMLElement, touch: boolean) =>
      setHint?.((current) => (current?.target === target && current.touch ? current : { target, why, touch })),
    [setHint, why],
  );
  const hide = useCallback(
    (target: HTMLElement) => setHint?.((current) => (current?.target === target && !current.touch ? null : current)),
    [setHint],
  );
  return (
    <>
      {/* hidden from reading in flow; still the button's description (aria-describedby reads hidden text) */}
      <span hidden id={id}>
        {why}
      </span>
      <ActionIcon
        variant="subtle"
        color={color}
        aria-label={label}
        aria-disabled
        aria-describedby={id}
        data-disabled
        onClick={(event) => event.preventDefault()}
        onPointerEnter={(event: PointerEvent<HTMLElement>) => show(event.currentTarget, event.pointerType === 'touch')}
        onPointerLeave={(event: PointerEvent<HTMLElement>) => hide(event.currentTarget)}
        onFocus={(event) => show(event.currentTarget, false)}
        onBlur={(event) => hide(event.currentTarget)}
      >
        {children}
      </ActionIcon>
    </>
  );
}
