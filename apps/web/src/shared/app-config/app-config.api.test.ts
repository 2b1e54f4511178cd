import { INLINE_APP_CONFIG_ELEMENT_ID } from '@app/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readInlineAppConfig } from './app-config.api.ts';

/** A page as the server sends it for `/`, with the configuration's data block in its head (or without). */
function pageWith(dataBlock: string | undefined): Document {
  const page = document.implementation.createHTMLDocument('Gold Shop');
  if (dataBlock !== undefined) {
    const script = page.createElement('script');
    script.type = 'application/json';
    script.id = INLINE_APP_CONFIG_ELEMENT_ID;
    script.textContent = dataBlock;
    page.head.append(script);
  }
  return page;
}

describe('readInlineAppConfig', () => {
  afterEach(() => vi.restoreAllMocks());

  it("reads GET /app/config's answer that the server wrote into the page", () => {
    expect(readInlineAppConfig(pageWith('{"code":200,"market":"pt","dev_tools":true}'))).toEqual({
      market: 'pt',
      devTools: true,
    });
    expect(readInlineAppConfig(pageWith('{"code":200,"market":"vi","dev_tools":false}'))).toEqual({
      market: 'vi',
      devTools: false,
    });
  });

  it('leaves the call to the app when the page has no configuration (Vite dev server, /index.html)', () => {
    expect(readInlineAppConfig(pageWith(undefined))).toBeUndefined();
    expect(readInlineAppConfig(pageWith(''))).toBeUndefined();
  });

  it('refuses an unknown market or unreadable text rather than guessing, and says so', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readInlineAppConfig(pageWith('{"code":200,"market":"zz","dev_tools":false}'))).toBeUndefined();
    expect(readInlineAppConfig(pageWith('{"code":200,'))).toBeUndefined();
    expect(logged).toHaveBeenCalledTimes(2);
  });
});
