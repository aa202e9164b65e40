import { createElement, lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { i18n, loadScreenTexts } from '../lib/i18n';
import { isLoadFailure } from '../lib/loadFailure';
import { notifyError } from '../lib/notify';
import { LoadBoundary, onLoadRetry } from './LoadBoundary';

/**
 * Code loaded on demand (a chunk of its own): the first visit downloads only what its screen shows.
 * Once loaded, the component renders at once without suspending, so nothing flickers or remounts.
 */
export interface LazyComponent<P extends object> {
  Component: ComponentType<P>;
  /** Starts the download (idempotent); a failed download may be retried. */
  preload: () => Promise<ComponentType<P>>;
  /** After a failed download: the next render downloads again (a LoadBoundary's retry does this for all). */
  forgetFailure: () => void;
}

const everyPreload = new Set<() => Promise<unknown>>();

export interface LazyOptions {
  /**
   * Which texts it shows: by default, those of every screen (the rest of the catalogue downloads
   * beside its code, once, lib/i18n.ts); 'first' for the first screens (the invoice list, the
   * dashboard) and what they show at once, whose texts load with the app. A text shown that is not
   * in fails the journeys (e2e/support.ts) and, in the app, still loads the rest and shows it.
   */
  texts?: 'first' | 'all';
}

export function lazyComponent<P extends object>(loadCode: () => Promise<ComponentType<P>>, { texts = 'all' }: LazyOptions = {}): LazyComponent<P> {
  const load = texts === 'first' ? loadCode : () => Promise.all([loadCode(), loadScreenTexts()]).then(([component]) => component);
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // React keeps a lazy component's failure for good: a failed one is replaced by a fresh one, which
  // downloads again, when a LoadBoundary retries (its button, another address).
  let failed = false;
  const fresh = (): ComponentType<P> =>
    lazy(() =>
      preload().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          failed = true;
          throw error;
        },
      ),
    );
  let Lazy = fresh();
  const forgetFailure = () => {
    if (!failed) return;
    failed = false;
    Lazy = fresh();
  };
  onLoadRetry(forgetFailure);
  // `loaded` is set before React retries a suspended render, so <Lazy> never commits and the element
  // type stays `loaded` from the first committed render on.
  const Component = (props: P) => createElement<P>(loaded ?? Lazy, props);
  everyPreload.add(preload);
  return { Component, preload, forgetFailure };
}

/** Tells its parent it has been committed (inside a Suspense boundary: once the boundary shows). */
function OnMount({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

interface DialogStates<P> {
  /** Whether these props show the dialog. */
  isOpen: (props: P) => boolean;
  /** The same props with the dialog closed. */
  closed: (props: P) => P;
}

/**
 * A dialog whose code loads the first time it opens, not with the screen that holds it. Until then
 * it renders nothing, as a closed dialog does. On that first open it mounts closed and opens right
 * after, so it plays the same opening transition as ever; from then on it stays mounted. When its
 * code cannot come (no connection), or it fails otherwise, a toast says so and the dialog counts as
 * closed (`onClose`), so the screen and whatever was typed on it stay, and the next open tries again.
 */
export function lazyDialog<P extends { onClose: () => void }>(load: () => Promise<ComponentType<P>>, states: DialogStates<P>): ComponentType<P> {
  const { Component, forgetFailure } = lazyComponent(load);
  return function LazyDialog(props: P) {
    const [stage, setStage] = useState<'unused' | 'mounting' | 'live'>('unused');
    const open = states.isOpen(props);
    // Derived state set during render (React's documented pattern): no extra frame on the first open.
    if (open && stage === 'unused') setStage('mounting');
    const live = useCallback(() => setStage('live'), []);
    if (stage === 'unused' && !open) return null;
    return (
      <LoadBoundary
        fallback={() => null}
        onError={(error) => {
          notifyError(i18n.t(isLoadFailure(error) ? 'screenLoad.dialog' : 'errors.internal'));
          forgetFailure();
          setStage('unused');
          props.onClose();
        }}
      >
        <Suspense fallback={null}>
          {createElement(Component, stage === 'live' ? props : states.closed(props))}
          {stage !== 'live' && <OnMount run={live} />}
        </Suspense>
      </LoadBoundary>
    );
  };
}

/** The states of a dialog that is open while its `invoiceId` is set. */
export function openWhileInvoiceId<P extends { invoiceId: number | null }>(): DialogStates<P> {
  return { isOpen: (props) => props.invoiceId !== null, closed: (props) => ({ ...props, invoiceId: null }) };
}

/** Loads every on-demand chunk: tests render everything synchronously, as before the split. */
export function preloadEverything(): Promise<unknown> {
  return Promise.all([...everyPreload].map((preload) => preload()));
}
