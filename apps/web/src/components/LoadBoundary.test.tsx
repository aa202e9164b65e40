import { Suspense, useState, type ComponentType } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderApp';
import { lazyComponent, lazyDialog } from './lazy';
import { LoadBoundary } from './LoadBoundary';
import { ScreenFailure } from './ScreenFailure';

const offline = () => new TypeError('Failed to fetch dynamically imported module: /assets/Screen-x.js');

/** A download that fails while `online.now` is false, as the browser's import() does offline. */
function download<T>(value: T) {
  const online = { now: false, tries: 0 };
  const load = () => {
    online.tries += 1;
    return online.now ? Promise.resolve(value) : Promise.reject(offline());
  };
  return { online, load };
}

type DialogProps = { opened: boolean; onClose: () => void };

/** A form with a note typed in and a button opening a dialog loaded on demand by `load`. */
function FormWithDialog({ load }: { load: () => Promise<ComponentType<DialogProps>> }) {
  const [Dialog] = useState(() => lazyDialog(load, { isOpen: (props) => props.opened, closed: (props) => ({ ...props, opened: false }) }));
  const [opened, setOpened] = useState(false);
  return (
    <>
      <input aria-label="Napomena" defaultValue="upisano" />
      <button onClick={() => setOpened(true)}>Otvori</button>
      <span>{opened ? 'otvoreno' : 'zatvoreno'}</span>
      <Dialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

describe('code that cannot download', () => {
  it('a screen says why in its place, a retry offline says it again, and online the screen comes', async () => {
    const { online, load } = download(() => <h1>Klijenti</h1>);
    const page = lazyComponent(load);
    const { user } = renderWithProviders(
      <>
        <nav>Navigacija</nav>
        <LoadBoundary fallback={(failure) => <ScreenFailure {...failure} />}>
          <Suspense fallback={null}>
            <page.Component />
          </Suspense>
        </LoadBoundary>
      </>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ovaj zaslon nije moguće prikazati');
    expect(alert).toHaveTextContent('Provjerite vezu s internetom');
    expect(screen.getByText('Navigacija')).toBeInTheDocument();
    expect(online.tries).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Pokušaj ponovno' }));
    await waitFor(() => expect(online.tries).toBe(2));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ovaj zaslon nije moguće prikazati');

    online.now = true;
    await user.click(screen.getByRole('button', { name: 'Pokušaj ponovno' }));
    expect(await screen.findByRole('heading', { name: 'Klijenti' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(online.tries).toBe(3);
  });

  it('another error than a download says something unexpected happened', async () => {
    function Broken(): never {
      throw new Error('a bug');
    }
    renderWithProviders(
      <LoadBoundary fallback={(failure) => <ScreenFailure {...failure} />}>
        <Broken />
      </LoadBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Na ovom zaslonu dogodila se neočekivana greška.');
  });

  it('a dialog toasts why and counts as closed; what holds it stays, and the next open tries again', async () => {
    const { online, load } = download(({ opened }: DialogProps) => (opened ? <div role="dialog">Pregled</div> : null));
    const { user } = renderWithProviders(<FormWithDialog load={load} />);
    await user.click(screen.getByRole('button', { name: 'Otvori' }));
    expect(await screen.findByText(/Prozor nije moguće otvoriti/)).toBeInTheDocument();
    expect(await screen.findByText('zatvoreno')).toBeInTheDocument();
    expect(screen.getByLabelText('Napomena')).toHaveValue('upisano');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    online.now = true;
    await user.click(screen.getByRole('button', { name: 'Otvori' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Pregled');
    expect(online.tries).toBe(2);
  });

  it('a dialog that fails otherwise (a bug) says an unexpected error happened and counts as closed', async () => {
    function Broken({ opened }: DialogProps): null {
      if (opened) throw new Error('a bug');
      return null;
    }
    const { user } = renderWithProviders(<FormWithDialog load={() => Promise.resolve(Broken)} />);
    await user.click(screen.getByRole('button', { name: 'Otvori' }));
    expect(await screen.findByText('Dogodila se neočekivana greška. Pokušajte ponovno.')).toBeInTheDocument();
    expect(await screen.findByText('zatvoreno')).toBeInTheDocument();
    expect(screen.queryByText(/Prozor nije moguće otvoriti/)).not.toBeInTheDocument();
  });
});
