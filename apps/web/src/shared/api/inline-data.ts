/**
 * An answer the server wrote into the page it sends for `/` (a `<script type="application/json">` data
 * block, which the browser never runs), so the first render need not wait for that call. Undefined when the
 * page has none (the Vite dev server, /index.html) or it cannot be read: the app then makes the call.
 */
export function readInlineJson(document: Document, elementId: string): unknown {
  const text = document.getElementById(elementId)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    console.error(`The page's ${elementId} data is unreadable; asking the server`, error);
    return undefined;
  }
}
