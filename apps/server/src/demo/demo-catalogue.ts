/**
 * The demo's grocery catalogue, generated from word lists with a seeded generator: the same seed
 * gives the same products, prices, barcodes and popularity on every run.
 */

/** mulberry32: small, fast and good enough for demo data; not for anything secret. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** When a category sells more than usual: the sales generator reads this. */
export type Season = 'SUMMER' | 'WINTER' | 'ALL_YEAR';

type CategorySpec = {
  name: string;
  code: string;
  /** The tile colour of its product images. */
  colour: string;
  season: Season;
  supplier: string;
  /** `noun:base price` entries separated by `|`. */
  items: string;
  /** Words put before the noun, separated by `|`. */
  qualifiers: string;
  /** `size:price factor` entries separated by `|`; an empty size is the plain product. */
  sizes: string;
};

const CATEGORIES: CategorySpec[] = [
  {
    name: 'Fruit & Vegetables',
    code: 'FRU',
    colour: '#4caf50',
    season: 'SUMMER',
    supplier: 'Green Valley Farms',
    items:
      'Apples:2.4|Bananas:1.6|Tomatoes:2.9|Strawberries:3.5|Carrots:1.2|Avocados:3.2|Peppers:2.2|Cucumbers:0.9|Grapes:3.1|Potatoes:1.9',
    qualifiers: 'Organic|Local|Sweet|Fresh',
    sizes: '500 g:1|1 kg:1.8',
  },
  {
    name: 'Bakery',
    code: 'BAK',
    colour: '#d4a373',
    season: 'WINTER',
    supplier: 'Hearth & Crumb Bakery',
    items:
      'Sourdough Loaf:3.8|Baguette:1.5|Croissants:2.9|Rye Bread:3.2|Cinnamon Rolls:3.6|Bagels:2.7|Brioche:3.4|Stollen:7.9|Gingerbread:4.5|Muffins:3.1',
    qualifiers: 'Stone-baked|Wholegrain|Butter|Classic',
    sizes: ':1|Family Pack:1.9',
  },
  {
    name: 'Dairy & Eggs',
    code: 'DAI',
    colour: '#90caf9',
    season: 'ALL_YEAR',
    supplier: 'Meadow Creamery',
    items:
      'Whole Milk:1.3|Greek Yogurt:2.6|Cheddar:4.2|Butter:2.9|Free-range Eggs:3.3|Mozzarella:2.4|Cream Cheese:2.1|Brie:4.9|Kefir:2.8|Skyr:2.5',
    qualifiers: 'Organic|Farmhouse|Light|Alpine',
    sizes: ':1|Large:1.7',
  },
  {
    name: 'Meat & Fish',
    code: 'MEA',
    colour: '#e57373',
    season: 'ALL_YEAR',
    supplier: 'Harbour & Field Butchers',
    items:
      'Chicken Breast:6.5|Beef Mince:5.9|Salmon Fillets:8.9|Pork Sausages:4.2|Smoked Ham:3.9|Lamb Chops:9.5|Cod Loins:7.8|Turkey Slices:3.6|Prawns:6.9|Bacon:3.8',
    qualifiers: 'Free-range|Outdoor-bred|Wild|Premium',
    sizes: ':1|Twin Pack:1.8',
  },
  {
    name: 'Pantry',
    code: 'PAN',
    colour: '#ffb74d',
    season: 'ALL_YEAR',
    supplier: 'Northwind Wholesale',
    items:
      'Spaghetti:1.4|Basmati Rice:2.8|Olive Oil:6.9|Chopped Tomatoes:0.9|Chickpeas:0.8|Rolled Oats:1.9|Honey:4.5|Peanut Butter:3.2|Lentils:1.7|Flour:1.3',
    qualifiers: 'Italian|Organic|Everyday|Fine',
    sizes: '500 g:1|1 kg:1.8',
  },
  {
    name: 'Snacks & Sweets',
    code: 'SNA',
    colour: '#ba68c8',
    season: 'WINTER',
    supplier: 'Sunny Snacks Co.',
    items:
      'Dark Chocolate:2.2|Crisps:1.6|Salted Pretzels:1.8|Mixed Nuts:3.9|Gummy Bears:1.5|Shortbread:2.6|Popcorn:1.7|Oat Bars:2.9|Truffles:5.9|Rice Cakes:1.3',
    qualifiers: 'Sea Salt|Honey|Classic|Luxury',
    sizes: ':1|Sharing Bag:1.7',
  },
  {
    name: 'Drinks',
    code: 'DRI',
    colour: '#4dd0e1',
    season: 'SUMMER',
    supplier: 'Clearwater Beverages',
    items:
      'Sparkling Water:0.9|Orange Juice:2.4|Lemonade:1.8|Iced Tea:1.9|Cola:1.5|Ground Coffee:4.9|Green Tea:2.7|Apple Juice:2.2|Coconut Water:2.3|Ginger Beer:1.6',
    qualifiers: 'Sugar-free|Organic|Classic|Cloudy',
    sizes: '330 ml:1|1.5 l:2.1',
  },
  {
    name: 'Frozen',
    code: 'FRO',
    colour: '#81d4fa',
    season: 'SUMMER',
    supplier: 'Polar Foods',
    items:
      'Vanilla Ice Cream:3.9|Peas:1.6|Fish Fingers:3.2|Margherita Pizza:3.5|Berry Mix:3.4|Chips:2.1|Sorbet:3.7|Ice Lollies:2.9|Spinach:1.5|Dumplings:4.1',
    qualifiers: 'Family|Premium|Organic|Classic',
    sizes: ':1|Big Pack:1.8',
  },
  {
    name: 'Household',
    code: 'HOU',
    colour: '#a1887f',
    season: 'ALL_YEAR',
    supplier: 'Brightway Supplies',
    items:
      'Dish Soap:1.9|Laundry Liquid:6.5|Paper Towels:2.8|Bin Bags:2.4|Sponges:1.5|Toilet Rolls:4.2|Glass Cleaner:2.3|Candles:3.9|Foil:2.1|Matches:0.9',
    qualifiers: 'Eco|Lemon|Extra Strong|Unscented',
    sizes: ':1|Value Pack:1.8',
  },
  {
    name: 'Personal Care',
    code: 'PER',
    colour: '#f48fb1',
    season: 'ALL_YEAR',
    supplier: 'Brightway Supplies',
    items:
      'Shampoo:3.9|Toothpaste:2.2|Hand Soap:1.8|Sun Cream:7.5|Body Lotion:4.6|Deodorant:2.9|Lip Balm:2.1|Shower Gel:2.5|Cotton Pads:1.4|Razors:5.9',
    qualifiers: 'Sensitive|Aloe|Fresh|Natural',
    sizes: ':1|Large:1.6',
  },
  {
    name: 'Wine & Beer',
    code: 'WIN',
    colour: '#9575cd',
    season: 'WINTER',
    supplier: 'Cellar Door Imports',
    items:
      'Merlot:8.9|Prosecco:9.9|Pale Ale:2.4|Lager:1.9|Rioja:10.5|Sauvignon Blanc:8.5|Mulled Wine:6.9|Cider:2.2|Stout:2.3|Rosé:7.9',
    qualifiers: 'Reserve|Craft|Classic|Vintage',
    sizes: ':1|Six Pack:5.2',
  },
  {
    name: 'Flowers & Garden',
    code: 'FLO',
    colour: '#aed581',
    season: 'SUMMER',
    supplier: 'Green Valley Farms',
    items:
      'Tulips:4.5|Roses:7.9|Basil Plant:2.2|Sunflowers:5.5|Potting Soil:4.9|Mint Plant:2.1|Lilies:6.9|Seed Mix:2.5|Orchid:12.9|Herb Trio:5.9',
    qualifiers: 'Bright|Seasonal|Garden|Classic',
    sizes: ':1|Large:1.6',
  },
];

export const DEMO_SUPPLIERS = [...new Set(CATEGORIES.map((c) => c.supplier))];

export const DEMO_CATEGORIES = CATEGORIES.map(({ name, code, colour, season }) => ({
  name,
  code,
  colour,
  season,
}));

export type DemoProduct = {
  sku: string;
  barcode: string;
  name: string;
  category: string;
  supplier: string;
  colour: string;
  season: Season;
  price: string;
  costPrice: string;
  /** 0 is the best seller; the sales generator picks low ranks more often. */
  rank: number;
};

/** An EAN-13 in the in-store range 20-29 (no clash with real products), with its check digit. */
export function ean13(body12: string): string {
  const sum = [...body12].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return body12 + String((10 - (sum % 10)) % 10);
}

function pairs(list: string): Array<[string, number]> {
  return list.split('|').map((entry) => {
    const [word = '', value = '1'] = entry.split(':');
    return [word, Number(value)];
  });
}

/** Prices end in .x9 or .x5 as shop prices do. */
function shopPrice(value: number): number {
  const cents = Math.max(49, Math.round(value * 100));
  const tens = Math.floor(cents / 10) * 10;
  return (tens + (cents % 10 >= 5 ? 9 : 5)) / 100;
}

/** `count` products spread evenly over the categories, each name unique. */
export function demoProducts(count: number, seed = 20261126): DemoProduct[] {
  const random = seededRandom(seed);
  const perCategory = Math.ceil(count / CATEGORIES.length);
  const products: DemoProduct[] = [];
  for (const category of CATEGORIES) {
    const combos: Array<{ name: string; price: number }> = [];
    for (const [noun, base] of pairs(category.items)) {
      for (const qualifier of category.qualifiers.split('|')) {
        for (const [size, factor] of pairs(category.sizes)) {
          combos.push({ name: [qualifier, noun, size].filter(Boolean).join(' '), price: base * factor });
        }
      }
    }
    // Fisher-Yates with the seeded generator: a varied, repeatable pick of the combinations.
    for (let i = combos.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [combos[i], combos[j]] = [combos[j]!, combos[i]!];
    }
    combos.slice(0, perCategory).forEach((combo, i) => {
      const price = shopPrice(combo.price * (0.9 + random() * 0.25));
      products.push({
        sku: `${category.code}-${String(i + 1).padStart(4, '0')}`,
        barcode: ean13(
          `2${String(CATEGORIES.indexOf(category)).padStart(2, '0')}${String(i + 1).padStart(9, '0')}`,
        ),
        name: combo.name,
        category: category.name,
        supplier: category.supplier,
        colour: category.colour,
        season: category.season,
        price: price.toFixed(2),
        costPrice: (price * (0.55 + random() * 0.15)).toFixed(2),
        rank: 0,
      });
    });
  }
  const chosen = products.slice(0, count);
  // Popularity independent of category: a shuffled order of ranks.
  const ranks = chosen.map((_, i) => i);
  for (let i = ranks.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ranks[i], ranks[j]] = [ranks[j]!, ranks[i]!];
  }
  return chosen.map((product, i) => ({ ...product, rank: ranks[i]! }));
}
