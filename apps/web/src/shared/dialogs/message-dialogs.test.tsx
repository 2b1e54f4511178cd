import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from '../../i18n/i18n.ts';
import { showCompletedDialog, showFailDialog } from './message-dialogs.ts';

afterEach(async () => {
  Dialog.clear();
  await i18n.changeLanguage('en');
});

describe('message dialogs', () => {
  it('shows "Fail" with the server message and resolves on OK', async () => {
    const closed = showFailDialog('Amount is below the minimum');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Fail');
    expect(dialog.textContent).toContain('Amount is below the minimum');
    fireEvent.click(screen.getByText('OK'));
    await expect(closed).resolves.toBeUndefined();
  });

  it('leaves the page when OK is clicked as soon as it shows', async () => {
    const closed = showFailDialog('Amount is above the maximum');
    const dialog = (await screen.findByText('Amount is above the maximum')).closest<HTMLElement>(
      '[role="dialog"]',
    );
    fireEvent.click(within(dialog as HTMLElement).getByRole('button', { name: 'OK' }));
    await closed;
    await waitFor(() => expect(screen.queryByText('Amount is above the maximum')).toBeNull());
  });

  it('leaves the page on Dialog.clear() even before it has finished appearing', async () => {
    // Tests close leftover dialogs with Dialog.clear() in afterEach; one that stayed would linger in the
    // page and be found by the next test's queries.
    void showFailDialog('Cleared before it settled');
    await screen.findByText('Cleared before it settled');
    Dialog.clear();
    await waitFor(() => expect(screen.queryByText('Cleared before it settled')).toBeNull());
  });

  it('shows "Completed" in the current language', async () => {
    await switchLanguage('pt-BR');
    void showCompletedDialog('Sua compra foi concluída');
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('Concluído'));
  });
});
