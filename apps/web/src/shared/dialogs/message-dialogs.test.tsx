import { fireEvent, screen, waitFor } from '@testing-library/react';
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

  it('shows "Completed" in the current language', async () => {
    await switchLanguage('pt-BR');
    void showCompletedDialog('Sua compra foi concluída');
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('Concluído'));
  });
});
