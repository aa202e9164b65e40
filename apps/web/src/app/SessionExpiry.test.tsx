import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http } from '../lib/http';
import { setProfile } from '../lib/profileStore';
import { jsonResponse, stubApi } from '../test/fakeApi';
import { renderApp } from '../test/renderApp';
import { OPERATOR } from '../test/samples/session';

describe('an expired session', () => {
  it('sends the operator to the login at / when the token cannot be refreshed', async () => {
    const refused = () =>
      jsonResponse(401, { errors: [{ reason: 'Prijava je potrebna', code: 'unauthorized' }] });
    stubApi({
      'GET /api/v1/company': refused,
      'POST /api/v1/login/refresh': refused,
      'POST /api/v1/login': () => jsonResponse(200, { data: OPERATOR }),
    });
    setProfile(OPERATOR);
    const { user } = renderApp({ route: '/Clients' });
    expect(screen.getByRole('heading', { level: 1, name: 'Klijenti' })).toBeInTheDocument();

    await act(() => http.get('/api/v1/company').catch(() => undefined));
    expect(await screen.findByLabelText('E-mail')).toBeInTheDocument();

    await user.type(screen.getByLabelText('E-mail'), 'ana@obrt.hr');
    await user.type(screen.getByLabelText('Lozinka'), 'tajna');
    await user.click(screen.getByRole('button', { name: 'Prijava' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeInTheDocument();
  });
});
