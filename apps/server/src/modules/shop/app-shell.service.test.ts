import { describe, expect, it } from 'vitest';
import { BOOT_BANNER_MARK, withBootBanner, withInlineJson } from './app-shell.service.ts';

const PAGE = '<!doctype html><html><head><title>Gold Shop</title>\n  </head><body></body></html>';
const SHELL_PAGE = `<!doctype html><html><head>\n  </head><body><div id="root"><div class="boot-banner">${BOOT_BANNER_MARK}</div></div></body></html>`;

describe('withBootBanner', () => {
  it("puts the first banner, at high priority, into the boot shell's banner box", () => {
    const html = withBootBanner(SHELL_PAGE, '/media/banners/banner-1.webp');
    expect(html).toContain(
      '<div class="boot-banner"><img src="/media/banners/banner-1.webp" alt="" fetchpriority="high" decoding="async" /></div>',
    );
    expect(html).not.toContain(BOOT_BANNER_MARK);
  });

  it('accepts an http(s) banner and escapes what could close the attribute', () => {
    expect(withBootBanner(SHELL_PAGE, 'https://cdn.example.com/b.png?w=1&h=2')).toContain(
      'src="https://cdn.example.com/b.png?w=1&amp;h=2"',
    );
  });

  it('leaves a page without the boot shell as built', () => {
    expect(withBootBanner(PAGE, '/media/banners/banner-1.webp')).toBe(PAGE);
  });

  it.each([
    ['no banner', undefined],
    ['an empty banner', ''],
    ['a script address', 'javascript:alert(1)'],
    ['a protocol-relative address', '//evil.example.com/b.png'],
    ['a quote that would leave the attribute', '/media/b.svg" onload="alert(1)'],
    ['a relative path', 'media/b.svg'],
  ])('leaves the page as built for %s', (_case, banner) => {
    expect(withBootBanner(SHELL_PAGE, banner)).toBe(SHELL_PAGE);
  });
});

describe('withInlineJson', () => {
  it('writes an answer into the head as a JSON data block', () => {
    const html = withInlineJson(PAGE, 'app-config', '{"code":200,"market":"in","dev_tools":false}');
    expect(html).toContain(
      '<script type="application/json" id="app-config">{"code":200,"market":"in","dev_tools":false}</script>\n  </head>',
    );
  });

  it('escapes every < so the text can never close the element or open a comment', () => {
    const html = withInlineJson(PAGE, 'app-config', '{"note":"</script><script>alert(1)</script><!--"}');
    expect(html).not.toContain('</script><script>');
    expect(html).not.toContain('<!--');
    const data = html.match(/<script type="application\/json" id="app-config">(.*?)<\/script>/)?.[1] ?? '';
    expect(JSON.parse(data)).toEqual({ note: '</script><script>alert(1)</script><!--' });
  });

  it('leaves a page without a head as built', () => {
    expect(withInlineJson('<p>no head</p>', 'app-config', '{"code":200}')).toBe('<p>no head</p>');
  });
});
