import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BrandDialog } from './brand-dialog.component.tsx';

function renderDialog(props: { onDismiss?: () => void } = {}) {
  const onAction = vi.fn();
  render(
    <BrandDialog title="Notice" actionText="OK" onAction={onAction} {...props}>
      <p>Shop closed 01:30-05:30</p>
    </BrandDialog>,
  );
  return { onAction, dialog: screen.getByRole('dialog', { name: 'Notice' }) };
}

describe('BrandDialog', () => {
  it('shows its title, content and one action while mounted', () => {
    const { onAction, dialog } = renderDialog();
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(document.activeElement).toBe(dialog);
    expect(dialog.textContent).toContain('Shop closed 01:30-05:30');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onAction).toHaveBeenCalledTimes(1);
  });

  it('is dismissed by Escape and by a tap on the backdrop, not by a tap inside', () => {
    const onDismiss = vi.fn();
    const { dialog, onAction } = renderDialog({ onDismiss });
    fireEvent.click(screen.getByText('Shop closed 01:30-05:30'));
    expect(onDismiss).not.toHaveBeenCalled();

    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(onDismiss).toHaveBeenCalledTimes(1);
    // The browser does not close it by itself: the parent unmounts it.
    expect(cancel.defaultPrevented).toBe(true);

    fireEvent.click(dialog);
    expect(onDismiss).toHaveBeenCalledTimes(2);
    expect(onAction).not.toHaveBeenCalled();
  });

  it('stays open on Escape when it can only be left through its action', () => {
    const { dialog } = renderDialog();
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog.hasAttribute('open')).toBe(true);
  });
});
