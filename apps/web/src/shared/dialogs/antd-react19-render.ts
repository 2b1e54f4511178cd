import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type ContainerWithRoot = (Element | DocumentFragment) & { __appReactRoot?: Root };

/**
 * antd-mobile's imperative APIs (Dialog.alert, Toast.show) render with the legacy `ReactDOM.render`, which
 * React 19 removed; this hands them `createRoot` instead, as antd-mobile's React 19 guide describes.
 */
export function installAntdReact19Render(): void {
  unstableSetRender((node, container) => {
    const host = container as ContainerWithRoot;
    host.__appReactRoot ??= createRoot(host);
    const root = host.__appReactRoot;
    root.render(node);
    return async () => {
      // Unmounting inside the render that closes the dialog would warn; the next task is safe.
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      host.__appReactRoot = undefined;
    };
  });
}
