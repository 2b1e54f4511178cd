import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type ContainerWithRoot = (Element | DocumentFragment) & { __appReactRoot?: Root };

/** The roots antd-mobile's imperative APIs rendered that are still mounted, with their containers. */
const liveRoots = new Map<Root, ContainerWithRoot>();

/**
 * antd-mobile's imperative APIs (Dialog.alert, Toast.show) render with the legacy `ReactDOM.render`, which
 * React 19 removed; this hands them `createRoot` instead, as antd-mobile's React 19 guide describes.
 */
export function installAntdReact19Render(): void {
  unstableSetRender((node, container) => {
    const host = container as ContainerWithRoot;
    host.__appReactRoot ??= createRoot(host);
    const root = host.__appReactRoot;
    liveRoots.set(root, host);
    root.render(node);
    return async () => {
      // Unmounting inside the render that closes the dialog would warn; the next task is safe.
      await new Promise((resolve) => setTimeout(resolve, 0));
      unmountRoot(root);
      if (host.__appReactRoot === root) host.__appReactRoot = undefined;
    };
  });
}

/** Unmounts a root once; a later call (the deferred unmount of an already torn-down dialog) does nothing. */
function unmountRoot(root: Root): void {
  if (!liveRoots.delete(root)) return;
  root.unmount();
}

/**
 * Unmounts every dialog and toast root at once, without waiting for their close animations or the deferred
 * unmount above. A page that is torn down (a test's environment, after its last test) calls it so that no
 * React work of these roots is left to run once `window` is gone.
 */
export function unmountImperativeRenders(): void {
  for (const [root, host] of [...liveRoots]) {
    unmountRoot(root);
    host.__appReactRoot = undefined;
    if (host instanceof Element) host.remove();
  }
}
