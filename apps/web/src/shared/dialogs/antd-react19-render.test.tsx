import { act, screen } from '@testing-library/react';
import { Dialog, Toast, unstableSetRender } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import { unmountImperativeRenders } from './antd-react19-render.ts';

/** A few turns of the host's timers: the deferred unmount of a closed dialog runs in the first. */
const nextTasks = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('unmountImperativeRenders', () => {
  it('takes every dialog and toast off the page at once', async () => {
    Dialog.alert({ content: 'An open dialog' });
    Toast.show({ content: 'A toast' });
    await screen.findByText('An open dialog');
    await screen.findByText('A toast');
    act(() => unmountImperativeRenders());
    expect(screen.queryByText('An open dialog')).toBeNull();
    expect(screen.queryByText('A toast')).toBeNull();
    expect(document.body.children).toHaveLength(0);
  });

  it('leaves no React work to run once the page is gone', async () => {
    // The render antd-mobile's Dialog and Toast go through (installed by the test setup, as by main.tsx).
    const render = unstableSetRender();
    const container = document.body.appendChild(document.createElement('div'));
    const unmount = render(<p>An imperative dialog</p>, container);
    await screen.findByText('An imperative dialog');
    // A closed dialog's root is unmounted one task later; a test environment's teardown can come first.
    void unmount();
    act(() => unmountImperativeRenders());
    // What the teardown leaves: react-dom finds no window. A root still unmounting now would throw outside
    // any test ("Vitest caught unhandled errors").
    vi.stubGlobal('window', undefined);
    try {
      await nextTasks();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(screen.queryByText('An imperative dialog')).toBeNull();
  });
});
