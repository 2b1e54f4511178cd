import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from '../../../i18n/i18n.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { LegalScreen } from './legal-screen.component.tsx';

describe('LegalScreen', () => {
  it('shows the risk disclosure with its facts and a back button', async () => {
    const { router } = renderWithProviders(<LegalScreen documentKey="riskAgreement" />, { path: '/' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Risk Disclosure Agreement');
    const text = (await screen.findByTestId('legal-riskAgreement')).textContent ?? '';
    expect(text).toContain('at least 18 years old');
    expect(text).toContain('within 5 working days');
    expect(text).toContain('refunded within 72 hours');
    expect(text).toContain('01:30-05:30 every day');
    expect(text).toContain('01:30 on Saturday');

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    // Opened directly (no earlier entry in the app), back goes home rather than out of the app.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the privacy policy in the interface language', async () => {
    await switchLanguage('es-MX');
    try {
      renderWithProviders(<LegalScreen documentKey="privacyPolicy" />);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Aviso de Privacidad');
      const text = (await screen.findByTestId('legal-privacyPolicy')).textContent ?? '';
      expect(text).toContain('menores de 13 años');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
