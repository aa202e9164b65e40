import { screen } from '@testing-library/react';
import { DatePicker } from '@mantine/dates';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderApp';
import { i18n } from './i18n';

/** Every calendar marks Croatian public holidays, named in the UI language (issue 31). */
describe('the calendar marks public holidays', () => {
  it.each([
    ['hr', '25. 12. 2026., Blagdan: Božić', '26. 12. 2026., Blagdan: Sveti Stjepan', 'Blagdan: Božić', '24 prosinca 2026'],
    ['en', '25 Dec 2026, Public holiday: Christmas Day', "26 Dec 2026, Public holiday: St Stephen's Day", 'Public holiday: Christmas Day', '24 December 2026'],
  ])('in %s', async (language, christmas, stStephen, title, ordinary) => {
    await i18n.changeLanguage(language);
    renderWithProviders(<DatePicker defaultDate="2026-12-01" locale={language} />);
    const day = screen.getByRole('button', { name: christmas });
    expect(day).toHaveAttribute('title', title);
    expect(day).toHaveAttribute('data-holiday');
    expect(screen.getByRole('button', { name: stStephen })).toBeInTheDocument();
    // an ordinary day keeps its name and no mark
    expect(screen.getByRole('button', { name: ordinary })).not.toHaveAttribute('data-holiday');
  });

  it('names Easter Monday and Corpus Christi, which move with Easter', () => {
    renderWithProviders(<DatePicker defaultDate="2026-04-01" numberOfColumns={3} />);
    expect(screen.getByRole('button', { name: '6. 4. 2026., Blagdan: Uskrsni ponedjeljak' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '4. 6. 2026., Blagdan: Tijelovo' })).toBeInTheDocument();
  });
});
