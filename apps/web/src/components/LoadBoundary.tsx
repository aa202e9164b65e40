import { Component, type ReactNode } from 'react';

/** What on-demand components do to try a failed download again (components/lazy.tsx registers them). */
const retries = new Set<() => void>();

/** Registers how to forget a failed download, so that the next render downloads afresh. */
export function onLoadRetry(forget: () => void): void {
  retries.add(forget);
}

function forgetFailedLoads(): void {
  for (const forget of retries) forget();
}

interface LoadBoundaryProps {
  children: ReactNode;
  /** What shows instead of the children once they failed; `retry` renders them again. */
  fallback: (failure: { error: unknown; retry: () => void }) => ReactNode;
  /** Called once per failure (a toast, closing a dialog). */
  onError?: (error: unknown) => void;
  /** A new value (another address, another hint) renders the children again. */
  resetKey?: unknown;
}

interface LoadBoundaryState {
  failure: { error: unknown } | null;
  /** The resetKey the failure belongs to. */
  key: unknown;
}

/**
 * Keeps a failure inside what failed: screens and dialogs load on demand (components/lazy.tsx), and a
 * chunk that cannot come would otherwise take the whole app down to a blank page. A retry, and another
 * resetKey, download afresh what failed (React keeps a lazy component's failure for good, so the
 * on-demand components forget theirs first).
 */
export class LoadBoundary extends Component<LoadBoundaryProps, LoadBoundaryState> {
  override state: LoadBoundaryState = { failure: null, key: this.props.resetKey };

  // Before each render: another key clears the failure, so the render for the new key (which may
  // fail in its turn) starts clean.
  static getDerivedStateFromProps(props: LoadBoundaryProps, state: LoadBoundaryState): Partial<LoadBoundaryState> | null {
    return props.resetKey === state.key ? null : { failure: null, key: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<LoadBoundaryState> {
    return { failure: { error } };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  // Once another key is on screen, what failed before may be tried again when it is next shown (not
  // while rendering: React may render and discard several times before it commits).
  override componentDidUpdate(previous: LoadBoundaryProps) {
    if (previous.resetKey !== this.props.resetKey) forgetFailedLoads();
  }

  private readonly retry = () => {
    forgetFailedLoads();
    this.setState({ failure: null });
  };

  override render() {
    const { failure } = this.state;
    return failure ? this.props.fallback({ error: failure.error, retry: this.retry }) : this.props.children;
  }
}
