import { screen } from '@testing-library/react';
import { DatePicker } from '@mantine/dates';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderApp';
import { i18n } from './i18n';

/** Every calendar marks Croatian public holidays, named in the UI language (issue 31). */
describe('the calendar marks public holidays', () => {
  it.each([
    ['hr', '25 prosinca 2026', 'Blagdan: Božić', '26 prosinca 2026', 'Blagdan: Sveti Stjepan', '24 prosinca 2026'],
    ['en', '25 December 2026', 'Public holiday: Christmas Day', '26 December 2026', "Public holiday: St Stephen's Day", '24 December 2026'],
  ])('in %s', async (language, christmas, christmasName, stStephen, stStephenName, ordinary) => {
    await i18n.changeLanguage(language);
    renderWithProviders(<DatePicker defaultDate="2026-12-01" locale={language} />);
    const day = screen.getByRole('button', { name: christmas });
    expect(day).toHaveAttribute('title', christmasName);
    expect(day).toHaveAccessibleDescription(christmasName);
    expect(day).toHaveAttribute('data-holiday');
    expect(screen.getByRole('button', { name: stStephen })).toHaveAccessibleDescription(stStephenName);
    // an ordinary day has no mark
    expect(screen.getByRole('button', { name: ordinary })).not.toHaveAttribute('data-holiday');
    expect(screen.getByRole('button', { name: ordinary })).not.toHaveAttribute('title');
  });

  it('names Easter Monday and Corpus Christi, which move with Easter', () => {
    renderWithProviders(<DatePicker defaultDate="2026-04-01" numberOfColumns={3} locale="hr" />);
    expect(screen.getByRole('button', { name: '6 travnja 2026' })).toHaveAccessibleDescription('Blagdan: Uskrsni ponedjeljak');
    expect(screen.getByRole('button', { name: '4 lipnja 2026' })).toHaveAccessibleDescription('Blagdan: Tijelovo');
  });
});
