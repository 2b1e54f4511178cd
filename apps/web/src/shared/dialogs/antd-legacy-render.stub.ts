/**
 * Replaces rc-util's legacy `ReactDOM.render` bridge in the build (see `vite.config.ts`). antd-mobile only
 * calls it when no render function was installed, and `installAntdReact19Render` installs one at boot, so
 * shipping the bridge (and the regenerator runtime it drags in) would cost the first load for nothing.
 */
const NOT_INSTALLED = 'installAntdReact19Render() must run before antd-mobile renders a dialog or toast';

/** Never called once the React 19 render is installed; fails loudly if it is not. */
export function render(): never {
  throw new Error(NOT_INSTALLED);
}

/** Never called once the React 19 render is installed; fails loudly if it is not. */
export async function unmount(): Promise<never> {
  throw new Error(NOT_INSTALLED);
}
