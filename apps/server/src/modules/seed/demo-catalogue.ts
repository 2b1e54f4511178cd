/**
 * The demo catalogue a fresh server is seeded with (issue 2, part 6). Prices follow Indian retail
 * rates of the time the catalogue was written: fine gold near ₹7,200 per gram, 22K jewellery near
 * ₹6,600 per gram plus making charges, and fine silver near ₹90 per gram. Every product has three
 * images under /media/products, drawn by scripts/generate-demo-media.ts from this same list.
 */

/** The metal a demo product is made of; it picks the palette of its images. */
export type DemoMetal = 'gold' | 'silver';

/** The shape of a demo product; it picks which drawing its images use. */
export type DemoProductKind =
  | 'bar'
  | 'coin'
  | 'ring'
  | 'chain'
  | 'bangle'
  | 'earrings'
  | 'pendant'
  | 'glass'
  | 'plate'
  | 'bowl';

export interface DemoProduct {
  /** Lower-case kebab-case identifier; it names the product's image files. */
  slug: string;
  name: string;
  /** Price in paise (₹ 1 = 100). */
  priceMinor: number;
  /** Comma separated `key=value` pairs (spec 01 §3); values never contain a comma. */
  spec: string;
  stock: number;
  /** Customised pieces are made to order and cannot be cancelled (spec 02, shop rules). */
  cancellable: boolean;
  kind: DemoProductKind;
  metal: DemoMetal;
}

/** How many images each product has: the main image and two alternates. */
export const DEMO_IMAGES_PER_PRODUCT = 3;

/** The URL prefix under which the server serves the committed demo media. */
export const DEMO_MEDIA_URL_PREFIX = '/media';

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    slug: 'gold-bar-1g',
    name: 'Gold bar 1 g 999.9',
    priceMinor: 748_000,
    spec: 'Metal=Gold,Purity=999.9,Weight=1 g,Size=15 x 9 mm,Hallmark=BIS,Packaging=Sealed assay card',
    stock: 180,
    cancellable: true,
    kind: 'bar',
    metal: 'gold',
  },
  {
    slug: 'gold-bar-5g',
    name: 'Gold bar 5 g 999.9',
    priceMinor: 3_665_000,
    spec: 'Metal=Gold,Purity=999.9,Weight=5 g,Size=23 x 14 mm,Hallmark=BIS,Packaging=Sealed assay card',
    stock: 120,
    cancellable: true,
    kind: 'bar',
    metal: 'gold',
  },
  {
    slug: 'gold-bar-10g',
    name: 'Gold bar 10 g 999.9',
    priceMinor: 7_245_000,
    spec: 'Metal=Gold,Purity=999.9,Weight=10 g,Size=31 x 18 mm,Hallmark=BIS,Packaging=Sealed assay card',
    stock: 85,
    cancellable: true,
    kind: 'bar',
    metal: 'gold',
  },
  {
    slug: 'gold-bar-20g',
    name: 'Gold bar 20 g 999.9',
    priceMinor: 14_472_000,
    spec: 'Metal=Gold,Purity=999.9,Weight=20 g,Size=35 x 21 mm,Hallmark=BIS,Packaging=Sealed assay card',
    stock: 40,
    cancellable: true,
    kind: 'bar',
    metal: 'gold',
  },
  {
    slug: 'gold-bar-50g',
    name: 'Gold bar 50 g 999.9',
    priceMinor: 36_125_000,
    spec: 'Metal=Gold,Purity=999.9,Weight=50 g,Size=41 x 24 mm,Hallmark=BIS,Packaging=Sealed assay card',
    stock: 12,
    cancellable: true,
    kind: 'bar',
    metal: 'gold',
  },
  {
    slug: 'gold-bar-100g',
    name: 'Gold bar 100 g 999.9',
    priceMinor: 72_190_000,
    spec: 'Metal=Gold,Purity=999.9,Weight=100 g,Size=55 x 31 mm,Hallmark=BIS,Packaging=Sealed assay card',
    stock: 0,
    cancellable: true,
    kind: 'bar',
    metal: 'gold',
  },
  {
    slug: 'gold-coin-lakshmi-2g',
    name: 'Lakshmi lotus gold coin 2 g',
    priceMinor: 1_496_000,
    spec: 'Metal=Gold,Purity=999.9,Weight=2 g,Diameter=16 mm,Motif=Lotus,Hallmark=BIS',
    stock: 150,
    cancellable: true,
    kind: 'coin',
    metal: 'gold',
  },
  {
    slug: 'gold-coin-ganesh-5g',
    name: 'Ganesh gold coin 5 g',
    priceMinor: 3_715_000,
    spec: 'Metal=Gold,Purity=999.9,Weight=5 g,Diameter=20 mm,Motif=Ganesh,Hallmark=BIS',
    stock: 95,
    cancellable: true,
    kind: 'coin',
    metal: 'gold',
  },
  {
    slug: 'gold-coin-sun-10g',
    name: 'Rising sun gold coin 10 g',
    priceMinor: 7_320_000,
    spec: 'Metal=Gold,Purity=999.9,Weight=10 g,Diameter=24 mm,Motif=Sun,Hallmark=BIS',
    stock: 60,
    cancellable: true,
    kind: 'coin',
    metal: 'gold',
  },
  {
    slug: 'silver-bar-10g',
    name: 'Silver bar 10 g 999',
    priceMinor: 104_000,
    spec: 'Metal=Silver,Purity=999,Weight=10 g,Size=25 x 15 mm,Hallmark=BIS,Packaging=Sealed assay card',
    stock: 200,
    cancellable: true,
    kind: 'bar',
    metal: 'silver',
  },
  {
    slug: 'silver-bar-50g',
    name: 'Silver bar 50 g 999',
    priceMinor: 478_000,
    spec: 'Metal=Silver,Purity=999,Weight=50 g,Size=40 x 22 mm,Hallmark=BIS,Packaging=Sealed assay card',
    stock: 140,
    cancellable: true,
    kind: 'bar',
    metal: 'silver',
  },
  {
    slug: 'silver-bar-100g',
    name: 'Silver bar 100 g 999',
    priceMinor: 942_000,
    spec: 'Metal=Silver,Purity=999,Weight=100 g,Size=50 x 28 mm,Hallmark=BIS,Packaging=Sealed assay card',
    stock: 110,
    cancellable: true,
    kind: 'bar',
    metal: 'silver',
  },
  {
    slug: 'silver-bar-500g',
    name: 'Silver bar 500 g 999',
    priceMinor: 4_615_000,
    spec: 'Metal=Silver,Purity=999,Weight=500 g,Size=90 x 45 mm,Hallmark=BIS,Packaging=Sealed pouch',
    stock: 25,
    cancellable: true,
    kind: 'bar',
    metal: 'silver',
  },
  {
    slug: 'silver-bar-1kg',
    name: 'Silver bar 1 kg 999',
    priceMinor: 9_130_000,
    spec: 'Metal=Silver,Purity=999,Weight=1000 g,Size=120 x 60 mm,Hallmark=BIS,Packaging=Sealed pouch',
    stock: 0,
    cancellable: true,
    kind: 'bar',
    metal: 'silver',
  },
  {
    slug: 'silver-coin-lakshmi-10g',
    name: 'Lakshmi lotus silver coin 10 g',
    priceMinor: 115_000,
    spec: 'Metal=Silver,Purity=999,Weight=10 g,Diameter=27 mm,Motif=Lotus,Hallmark=BIS',
    stock: 190,
    cancellable: true,
    kind: 'coin',
    metal: 'silver',
  },
  {
    slug: 'silver-coin-ganesh-20g',
    name: 'Ganesh silver coin 20 g',
    priceMinor: 224_000,
    spec: 'Metal=Silver,Purity=999,Weight=20 g,Diameter=32 mm,Motif=Ganesh,Hallmark=BIS',
    stock: 130,
    cancellable: true,
    kind: 'coin',
    metal: 'silver',
  },
  {
    slug: 'gold-ring-classic-4g',
    name: 'Classic gold band ring',
    priceMinor: 2_957_000,
    spec: 'Metal=Gold,Purity=22K (916),Weight=4 g,Ring size=14,Making charge=12%,Hallmark=BIS HUID',
    stock: 35,
    cancellable: true,
    kind: 'ring',
    metal: 'gold',
  },
  {
    slug: 'gold-ring-engraved-3g',
    name: 'Engraved gold ring (customised)',
    priceMinor: 2_336_000,
    spec: 'Metal=Gold,Purity=22K (916),Weight=3 g,Ring size=Made to order,Engraving=Up to 12 letters,Making charge=18%,Hallmark=BIS HUID,Cancellable=No',
    stock: 20,
    cancellable: false,
    kind: 'ring',
    metal: 'gold',
  },
  {
    slug: 'gold-chain-rope-10g',
    name: 'Gold rope chain 18 inch',
    priceMinor: 7_260_000,
    spec: 'Metal=Gold,Purity=22K (916),Weight=10 g,Length=18 inch,Clasp=Lobster,Making charge=10%,Hallmark=BIS HUID',
    stock: 18,
    cancellable: true,
    kind: 'chain',
    metal: 'gold',
  },
  {
    slug: 'gold-bangles-pair-20g',
    name: 'Gold bangles (pair)',
    priceMinor: 15_048_000,
    spec: 'Metal=Gold,Purity=22K (916),Weight=20 g,Bangle size=2.6,Pieces=2,Making charge=14%,Hallmark=BIS HUID',
    stock: 8,
    cancellable: true,
    kind: 'bangle',
    metal: 'gold',
  },
  {
    slug: 'gold-earrings-jhumka-6g',
    name: 'Gold jhumka earrings',
    priceMinor: 4_593_600,
    spec: 'Metal=Gold,Purity=22K (916),Weight=6 g,Closure=Screw back,Making charge=16%,Hallmark=BIS HUID',
    stock: 22,
    cancellable: true,
    kind: 'earrings',
    metal: 'gold',
  },
  {
    slug: 'gold-pendant-heart-3g',
    name: 'Gold heart pendant',
    priceMinor: 2_277_000,
    spec: 'Metal=Gold,Purity=22K (916),Weight=3 g,Size=18 x 16 mm,Chain=Not included,Making charge=15%,Hallmark=BIS HUID',
    stock: 30,
    cancellable: true,
    kind: 'pendant',
    metal: 'gold',
  },
  {
    slug: 'silver-ring-band-5g',
    name: 'Sterling silver band ring',
    priceMinor: 89_000,
    spec: 'Metal=Silver,Purity=925 sterling,Weight=5 g,Ring size=16,Finish=Rhodium polish,Hallmark=BIS',
    stock: 75,
    cancellable: true,
    kind: 'ring',
    metal: 'silver',
  },
  {
    slug: 'silver-chain-box-20g',
    name: 'Sterling silver box chain 20 inch',
    priceMinor: 265_000,
    spec: 'Metal=Silver,Purity=925 sterling,Weight=20 g,Length=20 inch,Clasp=Lobster,Hallmark=BIS',
    stock: 55,
    cancellable: true,
    kind: 'chain',
    metal: 'silver',
  },
  {
    slug: 'silver-kada-35g',
    name: 'Silver kada bangle',
    priceMinor: 439_000,
    spec: 'Metal=Silver,Purity=925 sterling,Weight=35 g,Bangle size=2.8,Pieces=1,Hallmark=BIS',
    stock: 40,
    cancellable: true,
    kind: 'bangle',
    metal: 'silver',
  },
  {
    slug: 'silver-earrings-studs-4g',
    name: 'Silver flower stud earrings',
    priceMinor: 75_000,
    spec: 'Metal=Silver,Purity=925 sterling,Weight=4 g,Closure=Push back,Finish=Rhodium polish,Hallmark=BIS',
    stock: 95,
    cancellable: true,
    kind: 'earrings',
    metal: 'silver',
  },
  {
    slug: 'silver-pendant-name-6g',
    name: 'Name pendant in silver (customised)',
    priceMinor: 149_000,
    spec: 'Metal=Silver,Purity=925 sterling,Weight=6 g,Engraving=Up to 10 letters,Chain=Not included,Hallmark=BIS,Cancellable=No',
    stock: 45,
    cancellable: false,
    kind: 'pendant',
    metal: 'silver',
  },
  {
    slug: 'silver-glass-100g',
    name: 'Silver drinking glass',
    priceMinor: 1_165_000,
    spec: 'Metal=Silver,Purity=999,Weight=100 g,Capacity=200 ml,Height=9 cm,Hallmark=BIS',
    stock: 28,
    cancellable: true,
    kind: 'glass',
    metal: 'silver',
  },
  {
    slug: 'silver-thali-250g',
    name: 'Silver thali plate',
    priceMinor: 2_890_000,
    spec: 'Metal=Silver,Purity=999,Weight=250 g,Diameter=24 cm,Hallmark=BIS',
    stock: 14,
    cancellable: true,
    kind: 'plate',
    metal: 'silver',
  },
  {
    slug: 'silver-pooja-plate-120g',
    name: 'Silver pooja plate',
    priceMinor: 1_390_000,
    spec: 'Metal=Silver,Purity=999,Weight=120 g,Diameter=16 cm,Pattern=Lotus rim,Hallmark=BIS',
    stock: 32,
    cancellable: true,
    kind: 'plate',
    metal: 'silver',
  },
  {
    slug: 'silver-katori-80g',
    name: 'Silver katori bowl',
    priceMinor: 935_000,
    spec: 'Metal=Silver,Purity=999,Weight=80 g,Capacity=150 ml,Diameter=9 cm,Hallmark=BIS',
    stock: 36,
    cancellable: true,
    kind: 'bowl',
    metal: 'silver',
  },
  {
    slug: 'silver-baby-bowl-60g',
    name: 'Silver baby bowl',
    priceMinor: 712_000,
    spec: 'Metal=Silver,Purity=999,Weight=60 g,Capacity=100 ml,Finish=Mirror polish,Hallmark=BIS',
    stock: 5,
    cancellable: true,
    kind: 'bowl',
    metal: 'silver',
  },
];

export const DEMO_BANNER_PATHS: readonly string[] = [1, 2, 3, 4, 5].map(
  (index) => `${DEMO_MEDIA_URL_PREFIX}/banners/banner-${index}.webp`,
);

export const DEMO_NOTICE =
  'Welcome to our gold and silver shop! Customer support is open 10:00-17:00, Monday to Friday. ' +
  'Inventory time is 01:30-05:30 every day: the shop does not accept prepayments during those hours. ' +
  'Orders can be cancelled until Saturday 01:30; customised jewellery cannot be cancelled. ' +
  'Every product is hallmarked. Thank you for shopping with us.';

/** The three image URLs of a demo product: main image, second and third image. */
export function demoProductImagePaths(slug: string): [string, string, string] {
  const base = `${DEMO_MEDIA_URL_PREFIX}/products/${slug}`;
  return [`${base}-1.webp`, `${base}-2.webp`, `${base}-3.webp`];
}
