/**
 * Draws the demo shop's images as small SVG files under apps/server/media: three views of every
 * product in the demo catalogue and five home banners, then renders each SVG to a WebP beside it in
 * Chromium. The shop serves the WebP copies: a phone decodes a raster image off the main thread,
 * while every SVG image is parsed as a document and painted on the main thread (50-200 ms each on a
 * slow phone, which blocked input on the home screen). The SVGs stay as the art's source. The output
 * is committed, so a fresh clone serves real images without any network; run this again after
 * changing the catalogue (CHROMIUM_PATH names the browser, /usr/bin/chromium by default):
 *
 *   npx tsx apps/server/scripts/generate-demo-media.ts
 *
 * The drawing is deterministic (no randomness, no clock), so running it twice gives identical SVGs.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PRODUCTS, type DemoProduct } from '../src/modules/seed/demo-catalogue.ts';

const MEDIA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'media');
const PRODUCTS_DIR = join(MEDIA_DIR, 'products');
const BANNERS_DIR = join(MEDIA_DIR, 'banners');

/** Product images are square and banners wide, sized for a phone screen at 2x density. */
const PRODUCT_SIZE = 600;
const BANNER_WIDTH = 1200;
const BANNER_HEIGHT = 500;
/** Each file must stay small so that the home grid loads quickly on a slow mobile connection. */
const MAX_FILE_BYTES = 6 * 1024;
/**
 * The served raster copies: products at 480 px (a phone's card and detail width at its density), banners
 * at 960 x 400, WebP at quality 0.8, each within its own budget.
 */
const PRODUCT_RASTER_SIZE = 480;
const BANNER_RASTER_WIDTH = 960;
const RASTER_QUALITY = 0.8;
const MAX_RASTER_BYTES = 24 * 1024;

interface Palette {
  /** Prefix of this metal's gradient ids, so gold and silver can share one banner. */
  id: 'g' | 's';
  light: string;
  mid: string;
  dark: string;
  ink: string;
  bg1: string;
  bg2: string;
  brand: string;
  brandDark: string;
  satin: string;
  velvet: string;
  metalName: string;
}

const GOLD: Palette = {
  id: 'g',
  light: '#f7e08a',
  mid: '#d4a017',
  dark: '#a67c00',
  ink: '#6b4e00',
  bg1: '#fffaf0',
  bg2: '#f1e3c4',
  brand: '#7b1e2b',
  brandDark: '#4f0f19',
  satin: '#f7efe1',
  velvet: '#5e1622',
  metalName: 'GOLD',
};

const SILVER: Palette = {
  id: 's',
  light: '#f4f4f4',
  mid: '#c0c0c0',
  dark: '#8a8a8a',
  ink: '#454d57',
  bg1: '#f7f9fc',
  bg2: '#d9e1ea',
  brand: '#1f3a5f',
  brandDark: '#12263f',
  satin: '#eef2f7',
  velvet: '#1b2f4d',
  metalName: 'SILVER',
};

/** Rounds a coordinate to one decimal so the files stay short and byte-for-byte reproducible. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** Escapes the characters that are special in SVG text content and attribute values. */
function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Reads one value of a product's `k=v,k=v` specification, or an empty string. */
function specValue(product: DemoProduct, key: string): string {
  for (const pair of product.spec.split(',')) {
    const [k, v] = pair.split('=');
    if (k === key && v !== undefined) return v;
  }
  return '';
}

const metal = (p: Palette): string => `url(#${p.id}m)`;
const metalReverse = (p: Palette): string => `url(#${p.id}r)`;
const metalCylinder = (p: Palette): string => `url(#${p.id}c)`;

/** The three gradients every drawing of a metal uses: diagonal, reversed diagonal and cylinder. */
function metalDefs(p: Palette): string {
  const stops = `<stop stop-color="${p.light}"/><stop offset=".5" stop-color="${p.mid}"/><stop offset="1" stop-color="${p.dark}"/>`;
  return (
    `<linearGradient id="${p.id}m" x2="1" y2="1">${stops}</linearGradient>` +
    `<linearGradient id="${p.id}r" x1="1" y1="1" x2="0" y2="0">${stops}</linearGradient>` +
    `<linearGradient id="${p.id}c"><stop stop-color="${p.dark}"/><stop offset=".3" stop-color="${p.light}"/>` +
    `<stop offset=".65" stop-color="${p.mid}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>`
  );
}

const STYLE =
  '<style>.t{font-family:Georgia,"Times New Roman",serif;font-weight:700;text-anchor:middle}' +
  '.n{font-family:"Helvetica Neue",Arial,sans-serif;text-anchor:middle}</style>';

/** Wraps a product drawing in the square frame: soft background, gradients and the blur filter. */
function productFrame(p: Palette, body: string, extraDefs = ''): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${PRODUCT_SIZE} ${PRODUCT_SIZE}" width="${PRODUCT_SIZE}" height="${PRODUCT_SIZE}">` +
    `${STYLE}<defs>${metalDefs(p)}` +
    `<radialGradient id="bg" gradientUnits="userSpaceOnUse" cx="300" cy="240" r="460"><stop stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></radialGradient>` +
    `<filter id="b" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="12"/></filter>${extraDefs}</defs>` +
    `<rect width="${PRODUCT_SIZE}" height="${PRODUCT_SIZE}" fill="url(#bg)"/>${body}</svg>\n`
  );
}

/** A blurred ellipse under an object, standing in for its contact shadow. */
function shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.22): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" opacity="${opacity}" filter="url(#b)"/>`;
}

/** Text that looks stamped into metal: a light copy below and to the right, then the dark ink. */
function stamp(p: Palette, x: number, y: number, size: number, text: string, extra = ''): string {
  const attrs = `x="${n(x)}" y="${n(y)}" font-size="${size}"${extra}`;
  return (
    `<text class="t" ${attrs} fill="${p.light}" transform="translate(1.5 1.5)">${esc(text)}</text>` +
    `<text class="t" ${attrs} fill="${p.ink}">${esc(text)}</text>`
  );
}

/** A soft diagonal reflection that stays inside the given box. */
function shine(x: number, y: number, w: number, h: number): string {
  return `<path d="M${n(x + w * 0.5)},${n(y)}h${n(w * 0.2)}l${n(-w * 0.35)},${n(h)}h${n(-w * 0.2)}z" fill="#fff" opacity=".25"/>`;
}

/** Places a drawing made around (300, 300) at another centre and scale. */
function place(body: string, cx: number, cy: number, scale: number): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${scale}) translate(-300 -300)">${body}</g>`;
}

/** Numbers the ids of masks and reused paths so that several drawings can share one file. */
let idCounter = 0;

/**
 * A ring lying flat, seen from above and in front: the outer wall, the inner back wall seen
 * through the hole (masked so the floor shows through) and the top face.
 */
function lyingRing(p: Palette, cx: number, cy: number, rx: number, ry: number, h: number, w: number): string {
  const irx = rx - w;
  const iry = ry - (w * ry) / rx;
  const id = `k${idCounter++}`;
  const ellipse = (r1: number, r2: number, y: number): string =>
    `M${n(cx - r1)},${n(y)}a${n(r1)},${n(r2)} 0 1 0 ${n(2 * r1)},0a${n(r1)},${n(r2)} 0 1 0 ${n(-2 * r1)},0z`;
  return (
    `<path d="M${n(cx - rx)},${n(cy)}v${n(h)}a${n(rx)},${n(ry)} 0 0 0 ${n(2 * rx)},0v${n(-h)}` +
    `a${n(rx)},${n(ry)} 0 0 1 ${n(-2 * rx)},0z" fill="${metalCylinder(p)}"/>` +
    `<mask id="${id}"><path d="${ellipse(irx, iry, cy)}" fill="#fff"/><path d="${ellipse(irx, iry, cy + h)}"/></mask>` +
    `<path d="${ellipse(irx, iry, cy)}" fill="${metalReverse(p)}" mask="url(#${id})"/>` +
    `<path d="${ellipse(rx, ry, cy)}${ellipse(irx, iry, cy)}" fill-rule="evenodd" fill="${metal(p)}"/>` +
    `<path d="M${n(cx - rx * 0.8)},${n(cy - ry * 0.62)}a${n(rx)},${n(ry)} 0 0 1 ${n(rx * 1.1)},${n(-ry * 0.38)}" stroke="#fff" stroke-width="3" fill="none" opacity=".6"/>`
  );
}

/** A ring standing on its edge and turned slightly, drawn as a dark back band and a bright front band. */
function uprightRing(
  p: Palette,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  w: number,
  d: number,
): string {
  const annulus = (x: number): string =>
    `M${n(x - rx)},${n(cy)}a${n(rx)},${n(ry)} 0 1 0 ${n(2 * rx)},0a${n(rx)},${n(ry)} 0 1 0 ${n(-2 * rx)},0z` +
    `M${n(x - rx + w)},${n(cy)}a${n(rx - w)},${n(ry - w)} 0 1 0 ${n(2 * (rx - w))},0a${n(rx - w)},${n(ry - w)} 0 1 0 ${n(-2 * (rx - w))},0z`;
  return (
    `<path d="${annulus(cx + d)}" fill-rule="evenodd" fill="${metalReverse(p)}"/>` +
    `<path d="${annulus(cx)}" fill-rule="evenodd" fill="${metal(p)}"/>` +
    `<path d="M${n(cx - rx + 6)},${n(cy - 10)}a${n(rx - 6)},${n(ry - 6)} 0 0 1 ${n(rx * 0.9)},${n(-ry + 14)}" stroke="#fff" stroke-width="4" fill="none" opacity=".55"/>`
  );
}

// Bars.

function barFront(p: Palette, product: DemoProduct, serial: string): string {
  const purity = specValue(product, 'Purity');
  return (
    `<rect x="160" y="95" width="280" height="400" rx="26" fill="${metal(p)}"/>` +
    `<rect x="178" y="113" width="244" height="364" rx="16" fill="${metalReverse(p)}" stroke="${p.light}" stroke-width="2"/>` +
    `<circle cx="300" cy="178" r="30" fill="none" stroke="${p.ink}" stroke-width="3"/>` +
    `<path d="M300,156l8,16 17,2-12,12 3,17-16-8-16,8 3-17-12-12 17-2z" fill="${p.ink}"/>` +
    stamp(p, 300, 262, 24, `FINE ${p.metalName}`, ' letter-spacing="3"') +
    stamp(p, 300, 325, 50, purity) +
    stamp(p, 300, 398, 46, specValue(product, 'Weight')) +
    stamp(p, 300, 448, 16, `No. ${serial}`, ' letter-spacing="2"') +
    shine(166, 101, 268, 388)
  );
}

function barAngled(p: Palette, product: DemoProduct): string {
  // The top face is the parallelogram A(110,270) B(390,200) C(500,270) D(220,340); text is drawn
  // in a 280 x 130 local box mapped onto it, so it looks struck into the metal.
  return (
    shadow(305, 425, 230, 45) +
    `<path d="M110,270L220,340v72L110,342z" fill="${p.dark}"/>` +
    `<path d="M220,340L500,270v72L220,412z" fill="${metalCylinder(p)}"/>` +
    `<path d="M110,270L390,200L500,270L220,340z" fill="${metal(p)}"/>` +
    `<path d="M135,271L387,208L474,268L222,331z" fill="${metalReverse(p)}" opacity=".55"/>` +
    `<g transform="matrix(1 -.25 .846 .538 110 270)">${stamp(p, 140, 55, 26, `${specValue(product, 'Purity')} FINE ${p.metalName}`)}` +
    `${stamp(p, 140, 100, 36, specValue(product, 'Weight'))}</g>` +
    `<path d="M150,268L380,211" stroke="#fff" stroke-width="4" opacity=".5"/>`
  );
}

// Coins.

function lotus(p: Palette, cx: number, cy: number, s: number): string {
  let petals = '';
  for (let i = 0; i < 8; i++) {
    petals += `<ellipse cx="${n(cx)}" cy="${n(cy - s * 0.55)}" rx="${n(s * 0.2)}" ry="${n(s * 0.5)}" transform="rotate(${i * 45} ${n(cx)} ${n(cy)})"/>`;
  }
  let inner = '';
  for (let i = 0; i < 8; i++) {
    inner += `<ellipse cx="${n(cx)}" cy="${n(cy - s * 0.35)}" rx="${n(s * 0.13)}" ry="${n(s * 0.32)}" transform="rotate(${i * 45 + 22.5} ${n(cx)} ${n(cy)})"/>`;
  }
  return (
    `<g fill="${metalReverse(p)}" stroke="${p.ink}" stroke-width="2.5">${petals}</g>` +
    `<g fill="${metal(p)}" stroke="${p.ink}" stroke-width="2">${inner}</g>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(s * 0.2)}" fill="${metal(p)}" stroke="${p.ink}" stroke-width="3"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(s * 0.09)}" fill="${p.ink}"/>`
  );
}

/** An abstract elephant-headed motif made of circles and curves, not a copy of any artwork. */
function elephantMotif(p: Palette): string {
  const stroke = `stroke="${p.ink}" stroke-width="3"`;
  return (
    `<ellipse cx="232" cy="300" rx="52" ry="66" fill="${metalReverse(p)}" ${stroke}/>` +
    `<ellipse cx="368" cy="300" rx="52" ry="66" fill="${metalReverse(p)}" ${stroke}/>` +
    `<path d="M258,232L300,178L342,232z" fill="${metal(p)}" ${stroke}/>` +
    `<circle cx="300" cy="174" r="8" fill="${p.ink}"/>` +
    `<circle cx="300" cy="282" r="60" fill="${metal(p)}" ${stroke}/>` +
    `<path d="M300,318c0,52-36,62-22,96c10,22 44,14 34-8" fill="none" stroke="${p.ink}" stroke-width="24" stroke-linecap="round"/>` +
    `<path d="M300,318c0,52-36,62-22,96c10,22 44,14 34-8" fill="none" stroke="${metal(p)}" stroke-width="16" stroke-linecap="round"/>` +
    `<circle cx="278" cy="272" r="6" fill="${p.ink}"/><circle cx="322" cy="272" r="6" fill="${p.ink}"/>` +
    `<ellipse cx="300" cy="246" rx="5" ry="12" fill="${p.brand}"/>` +
    `<path d="M330,318q18,10 10,30" fill="none" stroke="${p.light}" stroke-width="7" stroke-linecap="round"/>`
  );
}

function sunMotif(p: Palette): string {
  let rays = '';
  for (let i = 0; i < 16; i++) {
    const long = i % 2 === 0 ? 150 : 120;
    rays += `<path d="M293,${300 - 82}L300,${300 - long}L307,${300 - 82}z" transform="rotate(${i * 22.5} 300 300)"/>`;
  }
  return (
    `<g fill="${metalReverse(p)}" stroke="${p.ink}" stroke-width="2">${rays}</g>` +
    `<circle cx="300" cy="300" r="74" fill="${metal(p)}" stroke="${p.ink}" stroke-width="3"/>` +
    `<circle cx="300" cy="300" r="56" fill="none" stroke="${p.ink}" stroke-width="2" stroke-dasharray="3 5"/>` +
    `<path d="M262,312q38,26 76,0" fill="none" stroke="${p.ink}" stroke-width="4" stroke-linecap="round"/>`
  );
}

const COIN_ARCS =
  '<path id="ta" d="M130,300A170,170 0 0 1 470,300"/><path id="tb" d="M118,300A182,182 0 0 0 482,300"/>';

function coinBlank(p: Palette): string {
  return (
    `<circle cx="300" cy="300" r="215" fill="${metal(p)}"/>` +
    `<circle cx="300" cy="300" r="211" fill="none" stroke="${p.dark}" stroke-width="7" stroke-dasharray="2 3"/>` +
    `<circle cx="300" cy="300" r="196" fill="${metalReverse(p)}" stroke="${p.light}" stroke-width="3"/>` +
    `<circle cx="300" cy="300" r="188" fill="${metal(p)}" opacity=".55"/>`
  );
}

function arcText(p: Palette, arc: 'ta' | 'tb', text: string, size: number): string {
  return `<text class="t" font-size="${size}" fill="${p.ink}" letter-spacing="3"><textPath href="#${arc}" startOffset="50%">${esc(text)}</textPath></text>`;
}

function coinFront(p: Palette, product: DemoProduct): string {
  const motif = product.slug.includes('ganesh')
    ? elephantMotif(p)
    : product.slug.includes('sun')
      ? sunMotif(p)
      : lotus(p, 300, 300, 130);
  const bottom = product.slug.includes('ganesh')
    ? 'SHUBH LABH'
    : product.slug.includes('sun')
      ? 'RISING SUN'
      : 'LAKSHMI';
  return (
    coinBlank(p) +
    arcText(p, 'ta', `${specValue(product, 'Purity')} FINE ${p.metalName}`, 22) +
    arcText(p, 'tb', bottom, 22) +
    motif +
    shine(150, 150, 300, 300)
  );
}

function coinBack(p: Palette, product: DemoProduct): string {
  let dots = '';
  for (let i = 0; i < 36; i++) {
    const a = (i / 36) * Math.PI * 2;
    dots += `<circle cx="${n(300 + 165 * Math.cos(a))}" cy="${n(300 + 165 * Math.sin(a))}" r="4"/>`;
  }
  return (
    shadow(300, 520, 190, 26) +
    coinBlank(p) +
    `<g fill="${p.ink}">${dots}</g>` +
    stamp(p, 300, 236, 26, `FINE ${p.metalName}`, ' letter-spacing="3"') +
    stamp(p, 300, 312, 64, specValue(product, 'Purity')) +
    stamp(p, 300, 380, 46, specValue(product, 'Weight')) +
    stamp(p, 300, 420, 18, 'BIS HALLMARKED', ' letter-spacing="2"') +
    shine(150, 150, 300, 300)
  );
}

// Chains.

/**
 * A chain drawn as a thick metal stroke with a link pattern over it; `rope` twists the pattern. The
 * path is written once and reused, which keeps long coiled chains within the file size budget.
 */
function chainStroke(p: Palette, d: string, width: number, rope: boolean): string {
  const id = `c${idCounter++}`;
  const dash = rope ? `${n(width * 0.28)} ${n(width * 0.42)}` : `${n(width * 0.75)} ${n(width * 0.22)}`;
  const use = (attrs: string): string => `<use href="#${id}" fill="none" ${attrs}/>`;
  return (
    `<defs><path id="${id}" d="${d}"/></defs>` +
    use(`stroke="#000" stroke-width="${width}" opacity=".2" filter="url(#b)" transform="translate(0 10)"`) +
    use(`stroke="${p.dark}" stroke-width="${width + 3}" stroke-linecap="round" stroke-linejoin="round"`) +
    use(`stroke="${metal(p)}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`) +
    use(`stroke="${p.ink}" stroke-width="${width}" stroke-dasharray="${dash}" opacity=".45"`) +
    use(
      `stroke="#fff" stroke-width="${n(width * 0.25)}" stroke-dasharray="${dash}" opacity=".7" transform="translate(-1 -2)"`,
    )
  );
}

function chainFront(p: Palette, product: DemoProduct): string {
  const rope = product.slug.includes('rope');
  return (
    chainStroke(p, 'M120,90A200,290 0 1 0 480,90', rope ? 14 : 11, rope) +
    `<circle cx="120" cy="83" r="12" fill="none" stroke="${p.dark}" stroke-width="5"/>` +
    `<path d="M480,95c-16-4-20-26-6-34c14-8 28 4 22 18l-6-3c3-8-4-13-11-9c-7 5-4 17 5 20z" fill="${metal(p)}" stroke="${p.ink}" stroke-width="2"/>` +
    `<rect x="467" y="101" width="26" height="14" rx="3" fill="${metal(p)}" stroke="${p.ink}"/>`
  );
}

function chainCoil(p: Palette, product: DemoProduct): string {
  const points: string[] = [];
  for (let a = 0; a <= Math.PI * 7; a += 0.16) {
    const r = 30 + (a / (Math.PI * 7)) * 185;
    points.push(`${n(300 + r * Math.cos(a))},${n(300 + r * 0.62 * Math.sin(a))}`);
  }
  const rope = product.slug.includes('rope');
  return (
    chainStroke(p, `M${points.join('L')}`, rope ? 13 : 10, rope) +
    stamp(p, 300, 500, 28, specValue(product, 'Length'))
  );
}

// Bangles and rings.

function bangleFront(p: Palette, product: DemoProduct): string {
  const dots = (cx: number, cy: number, rx: number, ry: number, h: number): string => {
    let out = '';
    for (let i = 1; i < 14; i++) {
      const a = (i / 14) * Math.PI;
      out += `<circle cx="${n(cx + rx * Math.cos(a))}" cy="${n(cy + h / 2 + ry * Math.sin(a))}" r="3.5"/>`;
    }
    return `<g fill="${p.light}" stroke="${p.ink}" stroke-width="1">${out}</g>`;
  };
  if (specValue(product, 'Pieces') === '2') {
    return (
      shadow(300, 380, 260, 90) +
      lyingRing(p, 240, 270, 150, 62, 30, 16) +
      dots(240, 270, 150, 62, 30) +
      lyingRing(p, 360, 320, 150, 62, 30, 16) +
      dots(360, 320, 150, 62, 30)
    );
  }
  return shadow(300, 370, 220, 90) + lyingRing(p, 300, 290, 190, 80, 56, 26) + dots(300, 290, 190, 80, 56);
}

function bangleUpright(p: Palette): string {
  let dots = '';
  for (let i = 0; i < 30; i++) {
    const a = (i / 30) * Math.PI * 2;
    dots += `<circle cx="${n(300 + 180 * Math.cos(a))}" cy="${n(290 + 180 * Math.sin(a))}" r="4"/>`;
  }
  return `${shadow(315, 500, 170, 22) + uprightRing(p, 300, 290, 196, 196, 32, 24)}<g fill="${p.ink}">${dots}</g>`;
}

function ringFront(p: Palette): string {
  return shadow(300, 360, 200, 80) + lyingRing(p, 300, 280, 180, 74, 52, 34);
}

function ringDetail(p: Palette, product: DemoProduct): string {
  if (!product.cancellable) {
    // A customised ring's second image shows where the engraving goes.
    return (
      shadow(300, 330, 230, 40) +
      `<rect x="70" y="220" width="460" height="100" rx="50" fill="${metal(p)}"/>` +
      `<rect x="84" y="234" width="432" height="72" rx="36" fill="${metalReverse(p)}"/>` +
      `<text class="t" x="300" y="286" font-size="44" font-style="italic" fill="${p.ink}">Forever yours</text>` +
      `<text class="n" x="300" y="420" font-size="26" fill="${p.ink}">${esc(specValue(product, 'Engraving'))}</text>`
    );
  }
  return shadow(325, 505, 150, 22) + uprightRing(p, 300, 290, 150, 190, 30, 34);
}

// Earrings.

function jhumka(p: Palette): string {
  let beads = '';
  for (let i = 0; i < 9; i++) beads += `<circle cx="${-64 + i * 16}" cy="176" r="7"/>`;
  return (
    `<circle cy="-6" r="26" fill="${metal(p)}" stroke="${p.ink}" stroke-width="2"/>` +
    `<circle cy="-6" r="10" fill="${p.brand}"/>` +
    `<path d="M0,20v28" stroke="${p.dark}" stroke-width="5"/>` +
    `<ellipse cy="66" rx="9" ry="18" fill="none" stroke="${p.dark}" stroke-width="5"/>` +
    `<path d="M-72,160C-72,60 72,60 72,160z" fill="${metalCylinder(p)}" stroke="${p.ink}" stroke-width="2"/>` +
    `<path d="M-52,120q52,-24 104,0" fill="none" stroke="${p.ink}" stroke-width="3" stroke-dasharray="4 5"/>` +
    `<ellipse cy="160" rx="74" ry="14" fill="${metalReverse(p)}" stroke="${p.ink}" stroke-width="2"/>` +
    `<g fill="${metal(p)}" stroke="${p.ink}">${beads}</g>`
  );
}

function flowerStud(p: Palette): string {
  let petals = '';
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2;
    petals += `<circle cx="${n(30 * Math.cos(a))}" cy="${n(30 * Math.sin(a))}" r="26"/>`;
  }
  return (
    `<g fill="${metal(p)}" stroke="${p.ink}" stroke-width="2">${petals}</g>` +
    `<circle r="22" fill="${metalReverse(p)}" stroke="${p.ink}" stroke-width="2"/>` +
    `<circle cx="-7" cy="-7" r="7" fill="#fff" opacity=".8"/>`
  );
}

function earringsPair(p: Palette, product: DemoProduct, single: boolean): string {
  const jh = product.slug.includes('jhumka');
  const piece = `<g id="e">${jh ? jhumka(p) : flowerStud(p)}</g>`;
  if (single) {
    const s = jh ? 1.7 : 3;
    return (
      shadow(300, jh ? 540 : 470, jh ? 140 : 170, 24) +
      `<g transform="translate(300 ${jh ? 170 : 290}) scale(${s})">${piece}</g>`
    );
  }
  const y = jh ? 140 : 300;
  const s = jh ? 1.45 : 1.6;
  const shadowY = jh ? 430 : 400;
  return (
    shadow(170, shadowY, 100, 18) +
    shadow(430, shadowY, 100, 18) +
    `<g transform="translate(170 ${y}) scale(${s})">${piece}</g>` +
    `<use href="#e" transform="translate(430 ${y}) scale(${s})"/>`
  );
}

// Pendants.

const HEART = 'M0,100C-150,0 -120,-130 0,-60C120,-130 150,0 0,100z';

function pendantFront(p: Palette, product: DemoProduct): string {
  const chain = `<path d="M80,0C140,150 250,200 300,225M520,0C460,150 350,200 300,225" fill="none" stroke="${p.dark}" stroke-width="5" stroke-dasharray="7 3"/>`;
  if (product.slug.includes('heart')) {
    return (
      chain +
      shadow(300, 470, 130, 22) +
      `<ellipse cx="300" cy="236" rx="11" ry="17" fill="none" stroke="${p.dark}" stroke-width="6"/>` +
      `<g transform="translate(300 330) scale(1.1)"><path d="${HEART}" fill="${metal(p)}" stroke="${p.ink}" stroke-width="2"/>` +
      `<path d="${HEART}" transform="scale(.78)" fill="${metalReverse(p)}"/><path d="${HEART}" transform="scale(.62)" fill="${metal(p)}"/></g>`
    );
  }
  return (
    chain +
    shadow(300, 400, 170, 24) +
    `<ellipse cx="300" cy="236" rx="11" ry="17" fill="none" stroke="${p.dark}" stroke-width="6"/>` +
    `<rect x="130" y="250" width="340" height="110" rx="55" fill="${metal(p)}" stroke="${p.ink}" stroke-width="2"/>` +
    `<rect x="146" y="266" width="308" height="78" rx="39" fill="${metalReverse(p)}"/>` +
    `<text class="t" x="300" y="320" font-size="44" font-style="italic" fill="${p.ink}">Your name</text>`
  );
}

function pendantDetail(p: Palette, product: DemoProduct): string {
  if (product.slug.includes('heart')) {
    return (
      shadow(300, 490, 160, 24) +
      `<g transform="translate(300 300) scale(1.5)"><path d="${HEART}" fill="${metalReverse(p)}" stroke="${p.ink}" stroke-width="2"/></g>` +
      stamp(p, 300, 290, 40, specValue(product, 'Purity').replace(/ .*/, '')) +
      stamp(p, 300, 340, 26, 'BIS HUID')
    );
  }
  return (
    shadow(300, 400, 220, 26) +
    `<rect x="60" y="220" width="480" height="150" rx="75" fill="${metal(p)}" stroke="${p.ink}" stroke-width="2"/>` +
    `<rect x="80" y="240" width="440" height="110" rx="55" fill="${metalReverse(p)}"/>` +
    `<text class="t" x="300" y="316" font-size="62" font-style="italic" fill="${p.ink}">Your name</text>` +
    `<text class="n" x="300" y="460" font-size="26" fill="${p.ink}">${esc(specValue(product, 'Engraving'))}</text>`
  );
}

// Silverware.

/** A tumbler with its base centre at the origin. */
function tumbler(p: Palette): string {
  return (
    `<path d="M-110,-320L-85,0a85,18 0 0 0 170,0L110,-320z" fill="${metalCylinder(p)}"/>` +
    `<ellipse cy="-320" rx="110" ry="24" fill="${metalReverse(p)}" stroke="${p.light}" stroke-width="4"/>` +
    `<path d="M-104,-262a104,22 0 0 0 208,0M-101,-236a101,21 0 0 0 202,0" fill="none" stroke="${p.ink}" stroke-width="2" opacity=".6"/>` +
    `<path d="M-102,-249a102,21 0 0 0 204,0" fill="none" stroke="${p.ink}" stroke-width="6" stroke-dasharray="2 8" opacity=".6"/>` +
    `<path d="M-60,-300l14,290" stroke="#fff" stroke-width="14" opacity=".35" stroke-linecap="round"/>`
  );
}

function glassFront(p: Palette): string {
  return `${shadow(300, 500, 130, 24)}<g transform="translate(300 495)">${tumbler(p)}</g>`;
}

function glassPair(p: Palette): string {
  return (
    shadow(300, 500, 230, 30) +
    `<g transform="translate(390 450) scale(.8)">${tumbler(p)}</g>` +
    `<g transform="translate(230 505) scale(.85)">${tumbler(p)}</g>`
  );
}

/** A katori bowl centred on (0, 0) at its rim. */
function katori(p: Palette): string {
  return (
    `<path d="M-170,0a170,45 0 0 0 340,0c0,150-80,200-170,200s-170-50-170-200z" fill="${metalCylinder(p)}"/>` +
    `<ellipse rx="170" ry="45" fill="${metalReverse(p)}" stroke="${p.light}" stroke-width="5"/>` +
    `<path d="M-160,50q160,70 320,0" fill="none" stroke="${p.ink}" stroke-width="6" stroke-dasharray="2 9" opacity=".6"/>` +
    `<path d="M-120,20c0,80 30,120 60,140" fill="none" stroke="#fff" stroke-width="12" opacity=".35" stroke-linecap="round"/>`
  );
}

function bowlFront(p: Palette, product: DemoProduct): string {
  const spoon = product.slug.includes('baby')
    ? `<g transform="rotate(-28 470 430)"><rect x="330" y="422" width="190" height="16" rx="8" fill="${metal(p)}" stroke="${p.ink}"/>` +
      `<ellipse cx="520" cy="430" rx="44" ry="28" fill="${metalReverse(p)}" stroke="${p.ink}"/></g>`
    : '';
  return `${shadow(300, 470, 200, 30)}<g transform="translate(300 250)">${katori(p)}</g>${spoon}`;
}

function bowlTop(p: Palette): string {
  return (
    '<radialGradient id="in"><stop stop-color="#fff"/><stop offset=".6" stop-color="' +
    `${p.mid}"/><stop offset="1" stop-color="${p.dark}"/></radialGradient>` +
    shadow(310, 320, 210, 210) +
    `<circle cx="300" cy="300" r="215" fill="${metal(p)}"/>` +
    `<circle cx="300" cy="300" r="196" fill="url(#in)"/>` +
    `<circle cx="300" cy="300" r="150" fill="none" stroke="${p.ink}" stroke-width="2" opacity=".4"/>` +
    `<circle cx="300" cy="300" r="60" fill="none" stroke="${p.ink}" stroke-width="2" opacity=".4"/>`
  );
}

/** A ring of beads (or capsule-shaped petals) around a rim, drawn as one dashed ellipse. */
function plateRimPattern(p: Palette, rx: number, ry: number, cy: number, lotusRim: boolean): string {
  const dash = lotusRim
    ? 'stroke-width="9" stroke-dasharray="9 13"'
    : 'stroke-width="7" stroke-dasharray=".1 16"';
  return `<ellipse cx="300" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="${p.ink}" opacity=".55" stroke-linecap="round" ${dash}/>`;
}

function plateFront(p: Palette, product: DemoProduct): string {
  const pooja = product.slug.includes('pooja');
  const centre = pooja
    ? `<g transform="translate(0 195) scale(1 .42)">${lotus(p, 300, 300, 90)}</g>`
    : `<g transform="translate(205 300) scale(.3)">${katori(p)}</g><g transform="translate(395 300) scale(.3)">${katori(p)}</g>` +
      `<g transform="translate(300 258) scale(.3)">${katori(p)}</g>`;
  return (
    shadow(300, 380, 250, 70) +
    `<ellipse cx="300" cy="334" rx="245" ry="110" fill="${p.dark}"/>` +
    `<ellipse cx="300" cy="320" rx="245" ry="110" fill="${metal(p)}"/>` +
    `<ellipse cx="300" cy="320" rx="200" ry="88" fill="${metalReverse(p)}" stroke="${p.light}" stroke-width="3"/>` +
    plateRimPattern(p, 224, 100, 320, pooja) +
    centre
  );
}

function plateTop(p: Palette, product: DemoProduct): string {
  const pooja = product.slug.includes('pooja');
  const centre = pooja
    ? lotus(p, 300, 300, 110)
    : `<circle cx="230" cy="250" r="52" fill="${metalReverse(p)}" stroke="${p.ink}"/><circle cx="370" cy="250" r="52" fill="${metalReverse(p)}" stroke="${p.ink}"/>` +
      `<circle cx="300" cy="370" r="52" fill="${metalReverse(p)}" stroke="${p.ink}"/>`;
  return (
    shadow(312, 318, 230, 230) +
    `<circle cx="300" cy="300" r="240" fill="${metal(p)}"/>` +
    `<circle cx="300" cy="300" r="200" fill="${metalReverse(p)}" stroke="${p.light}" stroke-width="3"/>` +
    plateRimPattern(p, 221, 221, 300, pooja) +
    centre
  );
}

// Packaging.

/** The sealed assay card that bars and coins ship in, with the item behind its window. */
function assayCard(p: Palette, product: DemoProduct, item: string, scale: number, serial: string): string {
  return (
    shadow(312, 540, 170, 26) +
    '<linearGradient id="h" x2="1" y2="1"><stop stop-color="#f9c6ff"/><stop offset=".35" stop-color="#b9f3ff"/>' +
    '<stop offset=".7" stop-color="#fff6b0"/><stop offset="1" stop-color="#c8ffd1"/></linearGradient>' +
    '<g transform="rotate(-4 300 300)">' +
    '<rect x="140" y="30" width="320" height="530" rx="22" fill="#fffdf8" stroke="#e6dcc6" stroke-width="2"/>' +
    `<path d="M140,120V52a22,22 0 0 1 22-22h276a22,22 0 0 1 22,22v68z" fill="${p.brand}"/>` +
    '<text class="n" x="300" y="84" font-size="22" font-weight="700" fill="#fff" letter-spacing="4">ASSAY CERTIFIED</text>' +
    `<rect x="185" y="145" width="230" height="260" rx="16" fill="${p.satin}" stroke="${p.mid}" stroke-width="3"/>` +
    place(item, 300, 275, scale) +
    `<text class="n" x="300" y="442" font-size="20" fill="${p.brandDark}">Fine ${p.metalName.toLowerCase()} ${esc(specValue(product, 'Purity'))}</text>` +
    `<text class="n" x="300" y="472" font-size="20" fill="${p.brandDark}">Weight ${esc(specValue(product, 'Weight'))}</text>` +
    `<text class="n" x="270" y="512" font-size="17" fill="#6b6b6b" letter-spacing="1">No. ${serial}</text>` +
    '<circle cx="400" cy="508" r="24" fill="url(#h)" stroke="#d0d0d0"/></g>'
  );
}

/** An open jewellery box with the item resting on the velvet cushion. */
function giftBox(p: Palette, product: DemoProduct, item: string, scale: number): string {
  const purity = specValue(product, 'Purity');
  return (
    shadow(300, 530, 240, 28) +
    `<linearGradient id="bx" x2="0" y2="1"><stop stop-color="${p.brand}"/><stop offset="1" stop-color="${p.brandDark}"/></linearGradient>` +
    `<path d="M126,60h348a18,18 0 0 1 18,18v200H108V78a18,18 0 0 1 18-18z" fill="${p.brandDark}"/>` +
    `<rect x="126" y="78" width="348" height="188" rx="10" fill="${p.satin}"/>` +
    `<text class="n" x="300" y="130" font-size="18" fill="${p.brand}" letter-spacing="5">BIS HALLMARKED</text>` +
    `<path d="M100,280h400l14,64H86z" fill="${p.velvet}"/>` +
    '<path d="M140,312h320" stroke="#000" stroke-width="4" opacity=".35"/>' +
    place(item, 300, 282, scale) +
    '<rect x="86" y="344" width="428" height="170" rx="14" fill="url(#bx)"/>' +
    `<text class="t" x="300" y="440" font-size="30" fill="${p.light}" letter-spacing="4">${esc(purity.toUpperCase())}</text>` +
    `<path d="M200,462h200" stroke="${p.light}" stroke-width="2" opacity=".6"/>`
  );
}

/** The main image, the alternate view and the packaging view of one product. */
function productImages(product: DemoProduct, index: number): [string, string, string] {
  const p = product.metal === 'gold' ? GOLD : SILVER;
  const serial = `${product.metal === 'gold' ? 'AU' : 'AG'}-${String(index + 1).padStart(4, '0')}`;
  switch (product.kind) {
    case 'bar': {
      const front = barFront(p, product, serial);
      return [
        productFrame(p, shadow(305, 505, 150, 24) + front),
        productFrame(p, barAngled(p, product)),
        productFrame(p, assayCard(p, product, front, 0.55, serial)),
      ];
    }
    case 'coin': {
      const front = coinFront(p, product);
      return [
        productFrame(p, shadow(300, 520, 190, 26) + front, COIN_ARCS),
        productFrame(p, coinBack(p, product), COIN_ARCS),
        productFrame(p, assayCard(p, product, front, 0.48, serial), COIN_ARCS),
      ];
    }
    case 'ring':
      return [
        productFrame(p, ringFront(p)),
        productFrame(p, ringDetail(p, product)),
        productFrame(p, giftBox(p, product, lyingRing(p, 300, 280, 180, 74, 52, 34), 0.55)),
      ];
    case 'chain':
      return [
        productFrame(p, chainFront(p, product)),
        productFrame(p, chainCoil(p, product)),
        productFrame(p, giftBox(p, product, chainCoil(p, product), 0.6)),
      ];
    case 'bangle':
      return [
        productFrame(p, bangleFront(p, product)),
        productFrame(p, bangleUpright(p)),
        productFrame(p, giftBox(p, product, bangleFront(p, product), 0.58)),
      ];
    case 'earrings':
      return [
        productFrame(p, earringsPair(p, product, false)),
        productFrame(p, earringsPair(p, product, true)),
        productFrame(p, giftBox(p, product, earringsPair(p, product, false), 0.6)),
      ];
    case 'pendant':
      return [
        productFrame(p, pendantFront(p, product)),
        productFrame(p, pendantDetail(p, product)),
        productFrame(p, giftBox(p, product, pendantDetail(p, product), 0.55)),
      ];
    case 'glass':
      return [
        productFrame(p, glassFront(p)),
        productFrame(p, glassPair(p)),
        productFrame(p, giftBox(p, product, glassFront(p), 0.5)),
      ];
    case 'plate':
      return [
        productFrame(p, plateFront(p, product)),
        productFrame(p, plateTop(p, product)),
        productFrame(p, giftBox(p, product, plateFront(p, product), 0.62)),
      ];
    case 'bowl':
      return [
        productFrame(p, bowlFront(p, product)),
        productFrame(p, bowlTop(p)),
        productFrame(p, giftBox(p, product, bowlFront(p, product), 0.58)),
      ];
  }
}

// Banners.

interface BannerDesign {
  tag: string;
  title: string;
  subtitle: string;
  from: string;
  to: string;
  titleFill: string;
  art: string;
}

/** A four-pointed sparkle. */
function sparkle(x: number, y: number, r: number): string {
  return `<path d="M${x},${y - r}Q${x},${y} ${x + r},${y}Q${x},${y} ${x},${y + r}Q${x},${y} ${x - r},${y}Q${x},${y} ${x},${y - r}z" fill="#fff" opacity=".8"/>`;
}

function bannerSvg(design: BannerDesign): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${BANNER_WIDTH} ${BANNER_HEIGHT}" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}">` +
    `${STYLE}<defs>${metalDefs(GOLD)}${metalDefs(SILVER)}` +
    `<linearGradient id="bk" x2="1" y2="1"><stop stop-color="${design.from}"/><stop offset="1" stop-color="${design.to}"/></linearGradient>` +
    '<radialGradient id="gl"><stop stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>' +
    '<filter id="b" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="12"/></filter></defs>' +
    `<rect width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" fill="url(#bk)"/>` +
    '<circle cx="930" cy="250" r="300" fill="url(#gl)"/><circle cx="80" cy="460" r="180" fill="url(#gl)"/>' +
    '<path d="M0,420C300,360 600,500 1200,380V500H0z" fill="#fff" opacity=".06"/>' +
    `<rect x="70" y="96" width="${Math.round(design.tag.length * 16.5 + 36)}" height="40" rx="20" fill="#fff" opacity=".18"/>` +
    `<text x="90" y="123" font-family="'Helvetica Neue',Arial,sans-serif" font-size="20" font-weight="700" fill="#fff" letter-spacing="3">${esc(design.tag)}</text>` +
    `<text x="68" y="230" font-family="'Helvetica Neue',Arial,sans-serif" font-size="62" font-weight="800" fill="${design.titleFill}">${esc(design.title)}</text>` +
    `<text x="70" y="292" font-family="'Helvetica Neue',Arial,sans-serif" font-size="32" fill="#fff" opacity=".92">${esc(design.subtitle)}</text>` +
    `<path d="M70,330h120" stroke="${design.titleFill}" stroke-width="6" stroke-linecap="round"/>` +
    `${design.art}</svg>\n`
  );
}

/** A small angled bar for banner art, drawn around (0, 0). */
function bannerBar(p: Palette): string {
  return (
    `<path d="M-140,0l55,35v36l-55-35z" fill="${p.dark}"/>` +
    `<path d="M-85,35l140-35v36l-140,35z" fill="${metalCylinder(p)}"/>` +
    `<path d="M-140,0l140-35l55,35l-140,35z" fill="${metal(p)}"/>` +
    `<path d="M-112,0l112-28l35,23l-112,28z" fill="${metalReverse(p)}" opacity=".6"/>`
  );
}

function bannerCoin(p: Palette, x: number, y: number, r: number): string {
  return (
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${metal(p)}" stroke="${p.dark}" stroke-width="4"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.8}" fill="${metalReverse(p)}"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.3}" fill="none" stroke="${p.ink}" stroke-width="3"/>`
  );
}

function dieFace(x: number, y: number, size: number, rotate: number, pips: number[][]): string {
  const dots = pips
    .map(
      ([px, py]) => `<circle cx="${n((px ?? 0) * size)}" cy="${n((py ?? 0) * size)}" r="${n(size * 0.09)}"/>`,
    )
    .join('');
  return (
    `<g transform="translate(${x} ${y}) rotate(${rotate})">` +
    `<rect x="${-size / 2}" y="${-size / 2}" width="${size}" height="${size}" rx="${size * 0.18}" fill="#fff"/>` +
    `<rect x="${-size / 2}" y="${-size / 2}" width="${size}" height="${size}" rx="${size * 0.18}" fill="none" stroke="#e2d6ff" stroke-width="6"/>` +
    `<g fill="#4c1d95">${dots}</g></g>`
  );
}

const BANNERS: BannerDesign[] = [
  {
    tag: '24K AND 22K',
    title: 'Festive gold week',
    subtitle: 'Bars, coins and jewellery, all hallmarked',
    from: '#4a0b16',
    to: '#a4161a',
    titleFill: GOLD.light,
    art:
      `<g transform="translate(930 330)">${bannerBar(GOLD)}</g>` +
      `<g transform="translate(1075 330)">${bannerBar(GOLD)}</g>` +
      `<g transform="translate(1000 268)">${bannerBar(GOLD)}</g>` +
      bannerCoin(GOLD, 820, 390, 58) +
      bannerCoin(GOLD, 1120, 175, 42) +
      sparkle(860, 150, 22) +
      sparkle(1150, 420, 16) +
      sparkle(760, 250, 12),
  },
  {
    tag: '999 FINE SILVER',
    title: 'Silver for every home',
    subtitle: 'Glasses, plates and bowls in pure silver',
    from: '#0f2a44',
    to: '#1f6f8b',
    titleFill: SILVER.light,
    art:
      '<ellipse cx="960" cy="360" rx="200" ry="75" fill="#8a8a8a"/>' +
      `<ellipse cx="960" cy="352" rx="200" ry="75" fill="${metal(SILVER)}"/>` +
      `<ellipse cx="960" cy="352" rx="160" ry="58" fill="${metalReverse(SILVER)}"/>` +
      `<g transform="translate(1060 340) scale(.62)">${tumbler(SILVER)}</g>` +
      `<g transform="translate(900 300) scale(.5)">${katori(SILVER)}</g>` +
      sparkle(800, 160, 18) +
      sparkle(1150, 120, 14),
  },
  {
    tag: 'ONE-TAP CHECKOUT',
    title: 'Buy with your wallet',
    subtitle: 'Top up once and pay in a single tap',
    from: '#064e3b',
    to: '#10b981',
    titleFill: '#ecfdf5',
    art:
      bannerCoin(GOLD, 1080, 150, 46) +
      bannerCoin(SILVER, 1130, 230, 34) +
      '<rect x="800" y="170" width="300" height="210" rx="28" fill="#0b3b2e"/>' +
      '<rect x="800" y="170" width="300" height="70" rx="28" fill="#14532d"/>' +
      '<rect x="990" y="245" width="130" height="80" rx="20" fill="#166534" stroke="#34d399" stroke-width="4"/>' +
      '<circle cx="1030" cy="285" r="14" fill="#facc15"/>' +
      '<text class="n" x="890" y="330" font-size="72" font-weight="800" fill="#facc15">₹</text>' +
      sparkle(1160, 360, 16),
  },
  {
    tag: 'ON EVERY ORDER',
    title: 'Track every order',
    subtitle: 'From booking to your door, step by step',
    from: '#1e1b4b',
    to: '#4338ca',
    titleFill: '#e0e7ff',
    art:
      '<ellipse cx="920" cy="450" rx="170" ry="22" opacity=".25" filter="url(#b)"/>' +
      '<path d="M780,250l140-60l140,60l-140,60z" fill="#f5d9a8"/>' +
      '<path d="M780,250v150l140,60v-150z" fill="#d9a86c"/>' +
      '<path d="M920,310v150l140-60v-150z" fill="#c08a4c"/>' +
      '<path d="M840,224l20-8l140,60l-20,8z" fill="#fef3c7"/>' +
      '<path d="M980,284l20-8v150l-20,8z" fill="#fde68a"/>' +
      '<path d="M1080,100l76,28v64c0,54-37,90-76,108c-39-18-76-54-76-108v-64z" fill="#22c55e" stroke="#fff" stroke-width="6"/>' +
      '<path d="M1048,192l22,22l42-48" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>' +
      sparkle(760, 150, 14),
  },
  {
    tag: 'VERIFY EVERY ROUND',
    title: 'Provably fair games',
    subtitle: 'Check every result yourself',
    from: '#2e1065',
    to: '#a21caf',
    titleFill: '#fae8ff',
    art:
      dieFace(870, 290, 150, -14, [
        [-0.28, -0.28],
        [0, 0],
        [0.28, 0.28],
      ]) +
      dieFace(1060, 330, 130, 16, [
        [-0.28, -0.28],
        [0.28, -0.28],
        [-0.28, 0.28],
        [0.28, 0.28],
        [0, 0],
      ]) +
      '<circle cx="1080" cy="150" r="54" fill="#22c55e" stroke="#fff" stroke-width="6"/>' +
      '<path d="M1054,150l18,18l34-38" fill="none" stroke="#fff" stroke-width="11" stroke-linecap="round" stroke-linejoin="round"/>' +
      sparkle(760, 160, 16) +
      sparkle(1160, 430, 14),
  },
];

/** Writes one file, refusing to exceed the size budget so a regression is caught at generation time. */
function writeMedia(path: string, svg: string): number {
  const bytes = Buffer.byteLength(svg);
  if (bytes > MAX_FILE_BYTES)
    throw new Error(`${path} is ${bytes} bytes, over the ${MAX_FILE_BYTES} byte limit`);
  writeFileSync(path, svg);
  return bytes;
}

/** Removes files that no longer belong to a product or banner, so the folder mirrors the catalogue. */
function removeStale(dir: string, keep: Set<string>): void {
  for (const name of readdirSync(dir)) {
    const source = name.replace(/\.webp$/, '.svg');
    if ((name.endsWith('.svg') || name.endsWith('.webp')) && !keep.has(source)) rmSync(join(dir, name));
  }
}

/**
 * Runs in the browser page (as text: this script is compiled without the DOM's types): draws the SVG on a
 * canvas of the given width and answers the WebP's base64.
 */
const RENDER_WEBP_IN_BROWSER = `async ({ svg, width, quality }) => {
  const image = new Image();
  image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = Math.round((width * image.naturalHeight) / image.naturalWidth);
  canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/webp', quality).split(',')[1] ?? '';
}`;

/** Renders every SVG of a folder to a WebP of the given width beside it, in one headless Chromium. */
async function rasterize(dir: string, names: Set<string>, width: number): Promise<number> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  let total = 0;
  try {
    const page = await browser.newPage();
    for (const name of names) {
      const svg = readFileSync(join(dir, name), 'utf8');
      const base64 = String(
        await page.evaluate(
          `(${RENDER_WEBP_IN_BROWSER})(${JSON.stringify({ svg, width, quality: RASTER_QUALITY })})`,
        ),
      );
      const webp = Buffer.from(base64, 'base64');
      const path = join(dir, name.replace(/\.svg$/, '.webp'));
      if (webp.length === 0 || webp.length > MAX_RASTER_BYTES)
        throw new Error(`${path} is ${webp.length} bytes, outside 1-${MAX_RASTER_BYTES}`);
      writeFileSync(path, webp);
      total += webp.length;
    }
  } finally {
    await browser.close();
  }
  return total;
}

async function main(): Promise<void> {
  mkdirSync(PRODUCTS_DIR, { recursive: true });
  mkdirSync(BANNERS_DIR, { recursive: true });
  let total = 0;
  const productFiles = new Set<string>();
  DEMO_PRODUCTS.forEach((product, index) => {
    idCounter = 0;
    productImages(product, index).forEach((svg, view) => {
      const name = `${product.slug}-${view + 1}.svg`;
      productFiles.add(name);
      total += writeMedia(join(PRODUCTS_DIR, name), svg);
    });
  });
  const bannerFiles = new Set<string>();
  BANNERS.forEach((design, index) => {
    const name = `banner-${index + 1}.svg`;
    bannerFiles.add(name);
    total += writeMedia(join(BANNERS_DIR, name), bannerSvg(design));
  });
  removeStale(PRODUCTS_DIR, productFiles);
  removeStale(BANNERS_DIR, bannerFiles);
  console.log(`Wrote ${productFiles.size} product images and ${bannerFiles.size} banners (${total} bytes).`);
  const rasterBytes =
    (await rasterize(PRODUCTS_DIR, productFiles, PRODUCT_RASTER_SIZE)) +
    (await rasterize(BANNERS_DIR, bannerFiles, BANNER_RASTER_WIDTH));
  console.log(`Rendered them to WebP (${rasterBytes} bytes).`);
}

await main();
