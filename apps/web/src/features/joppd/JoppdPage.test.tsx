import { screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { joppdLabel } from '@faktura/shared';
import { i18n } from '../../lib/i18n';
import { renderApp, renderWithProviders } from '../../test/renderApp';
import { JoppdPage } from './JoppdPage';

function renderOn(today: string) {
  const { user } = renderWithProviders(<JoppdPage today={today} />);
  return { user };
}

const label = () => screen.getByRole('status');

describe('JOPPD number', () => {
  it("shows today's label by default", () => {
    renderApp({ route: '/Tools/Joppd', signedIn: true });
    expect(screen.getByRole('heading', { level: 1, name: 'JOPPD broj' })).toBeInTheDocument();
    expect(screen.getByText(joppdLabel(dayjs().format('YYYY-MM-DD')))).toBeInTheDocument();
    expect(
      screen.getByText('Oznaka izvješća JOPPD: zadnje dvije znamenke godine i redni broj dana u godini'),
    ).toBeInTheDocument();
  });

  it('shows 26001 for 1 January 2026 picked in the calendar', async () => {
    const { user } = renderOn('2026-01-20');
    expect(label()).toHaveTextContent('26020');
    // the picker shows its day as every date is written; the value stays an ISO day
    expect(screen.getByRole('button', { name: 'Datum' })).toHaveTextContent(/^20\. 1\. 2026\.$/);

    await user.click(screen.getByRole('button', { name: 'Datum' }));
    await user.click(screen.getByRole('button', { name: '1 siječnja 2026' }));
    expect(label()).toHaveTextContent('26001');
    expect(screen.getByText('Oznaka izvješća za 1. 1. 2026.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Datum' })).toHaveTextContent(/^1\. 1\. 2026\.$/);
  });

  it('offers only days of the current year', async () => {
    const { user } = renderOn('2026-01-20');
    await user.click(screen.getByRole('button', { name: 'Datum' }));
    // 31 December 2025 shows in January's first week, but belongs to another year's reports.
    expect(screen.getByRole('button', { name: '31 prosinca 2025' })).toBeDisabled();
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    renderOn('2024-12-31');
    expect(screen.getByRole('heading', { level: 1, name: 'JOPPD number' })).toBeInTheDocument();
    expect(label()).toHaveTextContent('24366');
    expect(screen.getByText('Report label for 31 Dec 2024')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Date' })).toHaveTextContent(/^31 Dec 2024$/);
  });
});
