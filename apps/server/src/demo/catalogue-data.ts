import type { Palette, Species } from './art/mascot.ts';
import type { PrizeItem } from './art/prize-art.ts';

/** An original anime of the demo shop (invented titles, no real trademarks). */
export interface DemoSeries {
  name: string;
  species: Species;
  palette: Palette;
  /** Characters the prizes are named after. */
  characters: string[];
}

export interface DemoPrize {
  item: PrizeItem;
  character: number;
  quantity: number;
  type: 'Small' | 'Big';
}

export interface DemoSet {
  series: DemoSeries;
  title: string;
  sku: string;
  tokenPrice: number;
  priceCents: number;
  extraTags?: string[];
  preorder?: string;
  promotion?: 'buy3get1' | 'buy5get2' | 'challengeA' | 'challengeB';
  lottery?: boolean;
  doubleChance?: boolean;
  /** Letter prizes A.. in order. */
  prizes: DemoPrize[];
  /** Tickets to take at seed time: 'all' sells out, 'allBut2' leaves 2, a number takes that many. */
  sell?: 'all' | 'allBut2' | number;
  /** Days ago the set was listed (its first round opened); recent ones are "new". */
  listedDaysAgo: number;
}

export const SERIES = {
  starfall: {
    name: 'Starfall Academy',
    species: 'cat',
    palette: {
      background: ['#ffe3f4', '#b58cff', '#5a3fd6'],
      primary: '#ffd9a8',
      light: '#fff4e6',
      outfit: '#4b5bdc',
      accent: '#ffd23f',
      eye: '#7a5cff',
      ink: '#2b1f5c',
    },
    characters: ['Mika Hoshino', 'Ren Amagawa', 'Professor Nyan', 'Luna Kiseki', 'Class Rep Sora'],
  },
  ramen: {
    name: 'Moonlit Ramen Squad',
    species: 'fox',
    palette: {
      background: ['#fff1cf', '#ff9f5a', '#d6453d'],
      primary: '#ff8a3d',
      light: '#fff7ea',
      outfit: '#2e3a8c',
      accent: '#ffe066',
      eye: '#e0492f',
      ink: '#3a1a12',
    },
    characters: ['Kitsune Kou', 'Chef Tamago', 'Naruko Hana', 'Menma Jiro', 'Night Owl Yuzu'],
  },
  crimson: {
    name: 'Crimson Blade Chronicle',
    species: 'dragon',
    palette: {
      background: ['#ffd6d6', '#e8455a', '#5c1030'],
      primary: '#ff6f6f',
      light: '#ffe9e0',
      outfit: '#3b1d5e',
      accent: '#ffc93c',
      eye: '#ffb000',
      ink: '#2a0a18',
    },
    characters: ['Akane Hiiro', 'Ember Knight Kai', 'Drake Blaze', 'Lady Shiori', 'Little Pyro'],
  },
  cloud: {
    name: 'Cloud Kingdom Bunnies',
    species: 'bunny',
    palette: {
      background: ['#e6fbff', '#8fd8ff', '#4f8dff'],
      primary: '#ffffff',
      light: '#ffc7df',
      outfit: '#ff7eb6',
      accent: '#ffe45c',
      eye: '#3f7dff',
      ink: '#1d2f6b',
    },
    characters: ['Princess Mochi', 'Sir Fluffington', 'Cotton Puff', 'Rainbow Usagi', 'Baker Bun'],
  },
  pixel: {
    name: 'Pixel Spirits',
    species: 'ghost',
    palette: {
      background: ['#e9fff1', '#5fe0b0', '#1b7f8c'],
      primary: '#c9f7ff',
      light: '#ffffff',
      outfit: '#7b5cff',
      accent: '#ff5fd2',
      eye: '#19c2a0',
      ink: '#0d2d3a',
    },
    characters: ['Boo-Bit', 'Glitchy', 'Arcade Ace Rin', 'Lag Lord', 'Player Two'],
  },
  gear: {
    name: 'Gear Guardians Zeta',
    species: 'robot',
    palette: {
      background: ['#fff7d6', '#9be15d', '#2f8f6f'],
      primary: '#dfe7f2',
      light: '#fffbe8',
      outfit: '#3a7bd5',
      accent: '#ff6b3d',
      eye: '#2fd2ff',
      ink: '#1b2633',
    },
    characters: ['Zeta-01', 'Captain Bolt', 'Rivet', 'Nova Pilot Aya', 'Mini Mech Pip'],
  },
  honey: {
    name: 'Honey Forest Friends',
    species: 'bear',
    palette: {
      background: ['#fff8e1', '#ffcf6b', '#d98c2b'],
      primary: '#c98a4b',
      light: '#ffe9c9',
      outfit: '#6bb36b',
      accent: '#ff7aa2',
      eye: '#6b3e1e',
      ink: '#3b2410',
    },
    characters: ['Kuma Honey', 'Forest Ranger Momo', 'Bee Buddy', 'Maple Cub', 'Grandpa Kuma'],
  },
} satisfies Record<string, DemoSeries>;

const big = (item: PrizeItem, character: number, quantity: number): DemoPrize => ({
  item,
  character,
  quantity,
  type: 'Big',
});
const small = (item: PrizeItem, character: number, quantity: number): DemoPrize => ({
  item,
  character,
  quantity,
  type: 'Small',
});

/** The demo sets: every kind of listing the shop can show (docs/catalogue.md lists them). */
export const DEMO_SETS: DemoSet[] = [
  {
    series: SERIES.starfall,
    title: 'Graduation Night',
    sku: 'SFA-GRAD-001',
    tokenPrice: 15,
    priceCents: 1250,
    extraTags: ['Figures'],
    promotion: 'buy3get1',
    prizes: [
      big('figure', 0, 2),
      big('figure', 1, 2),
      big('plush', 2, 3),
      small('acrylic', 3, 6),
      small('keychain', 4, 10),
      small('keychain', 0, 12),
    ],
    sell: 9,
    listedDaysAgo: 2,
  },
  {
    series: SERIES.starfall,
    title: 'Summer Festival',
    sku: 'SFA-SUMMER-001',
    tokenPrice: 18,
    priceCents: 1500,
    preorder: 'Estimated arrival: March 2027',
    prizes: [
      big('figure', 3, 1),
      big('plush', 0, 3),
      small('acrylic', 1, 5),
      small('keychain', 2, 8),
      small('keychain', 4, 10),
    ],
    listedDaysAgo: 5,
  },
  {
    series: SERIES.ramen,
    title: 'Midnight Menu',
    sku: 'MRS-MIDNIGHT-001',
    tokenPrice: 12,
    priceCents: 990,
    promotion: 'challengeA',
    prizes: [
      big('figure', 0, 2),
      big('plush', 1, 3),
      small('acrylic', 2, 6),
      small('keychain', 3, 8),
      small('acrylic', 4, 8),
      small('keychain', 1, 10),
      small('keychain', 2, 12),
    ],
    sell: 6,
    listedDaysAgo: 40,
  },
  {
    series: SERIES.ramen,
    title: 'Lucky Lanterns',
    sku: 'MRS-LANTERN-001',
    tokenPrice: 10,
    priceCents: 800,
    lottery: true,
    prizes: [big('figure', 2, 1), big('plush', 0, 2), small('acrylic', 4, 4), small('keychain', 1, 6)],
    sell: 12,
    listedDaysAgo: 8,
  },
  {
    series: SERIES.crimson,
    title: 'Oath of Embers',
    sku: 'CBC-EMBER-001',
    tokenPrice: 25,
    priceCents: 2200,
    extraTags: ['Figures'],
    doubleChance: true,
    prizes: [
      big('figure', 0, 1),
      big('figure', 1, 2),
      big('figure', 2, 2),
      small('acrylic', 3, 5),
      small('acrylic', 4, 6),
      small('keychain', 0, 8),
      small('keychain', 1, 8),
      small('keychain', 3, 10),
    ],
    sell: 15,
    listedDaysAgo: 20,
  },
  {
    series: SERIES.crimson,
    title: 'Shadow Duel',
    sku: 'CBC-DUEL-001',
    tokenPrice: 30,
    priceCents: 2500,
    preorder: 'Estimated arrival: May 2027',
    promotion: 'buy5get2',
    prizes: [
      big('figure', 1, 2),
      big('figure', 3, 2),
      big('plush', 4, 3),
      small('acrylic', 0, 6),
      small('keychain', 2, 10),
    ],
    listedDaysAgo: 1,
  },
  {
    series: SERIES.cloud,
    title: 'Sweet Parade',
    sku: 'CKB-PARADE-001',
    tokenPrice: 14,
    priceCents: 1100,
    prizes: [
      big('plush', 0, 2),
      big('plush', 1, 2),
      big('figure', 2, 3),
      small('acrylic', 3, 5),
      small('keychain', 4, 8),
    ],
    sell: 'allBut2',
    listedDaysAgo: 60,
  },
  {
    series: SERIES.cloud,
    title: 'Rainy Day Tea Party',
    sku: 'CKB-TEA-001',
    tokenPrice: 12,
    priceCents: 950,
    prizes: [
      big('figure', 0, 1),
      big('plush', 2, 2),
      small('acrylic', 1, 4),
      small('keychain', 3, 6),
      small('keychain', 4, 7),
    ],
    sell: 'all',
    listedDaysAgo: 75,
  },
  {
    series: SERIES.pixel,
    title: 'Arcade Legends',
    sku: 'PXS-ARCADE-001',
    tokenPrice: 11,
    priceCents: 880,
    prizes: [
      big('figure', 2, 2),
      big('plush', 0, 3),
      small('acrylic', 1, 6),
      small('keychain', 3, 8),
      small('keychain', 4, 10),
      small('acrylic', 0, 8),
    ],
    sell: 20,
    listedDaysAgo: 90,
  },
  {
    series: SERIES.pixel,
    title: 'Glitch Garden',
    sku: 'PXS-GARDEN-001',
    tokenPrice: 16,
    priceCents: 1350,
    preorder: 'Estimated arrival: April 2027',
    promotion: 'challengeB',
    prizes: [big('plush', 1, 2), big('figure', 4, 2), small('acrylic', 2, 5), small('keychain', 0, 8)],
    listedDaysAgo: 12,
  },
  {
    series: SERIES.gear,
    title: 'Launch Day',
    sku: 'GGZ-LAUNCH-001',
    tokenPrice: 20,
    priceCents: 1800,
    extraTags: ['Figures'],
    prizes: [
      big('figure', 0, 1),
      big('figure', 1, 2),
      big('plush', 4, 3),
      small('acrylic', 3, 5),
      small('keychain', 2, 8),
      small('keychain', 4, 9),
      small('acrylic', 1, 6),
    ],
    sell: 4,
    listedDaysAgo: 35,
  },
  {
    series: SERIES.honey,
    title: 'Picnic in the Woods',
    sku: 'HFF-PICNIC-001',
    tokenPrice: 13,
    priceCents: 1050,
    preorder: 'Estimated arrival: February 2027',
    lottery: true,
    prizes: [
      big('plush', 0, 2),
      big('figure', 1, 2),
      small('acrylic', 2, 5),
      small('keychain', 3, 8),
      small('keychain', 4, 8),
    ],
    listedDaysAgo: 3,
  },
];

const ITEM_NAME: Record<PrizeItem, string> = {
  figure: 'Figure',
  plush: 'Plush',
  keychain: 'Keychain',
  acrylic: 'Acrylic Stand',
  artboard: 'Art Board',
};

export function prizeDescription(set: DemoSet, prize: DemoPrize): string {
  return `${set.series.characters[prize.character]!} ${ITEM_NAME[prize.item]}`;
}

/** The Last Prize of a set: a special version figure of its first character. */
export function lastPrizeOf(set: DemoSet) {
  return {
    caption: `${set.series.characters[0]!} Special Ver.`,
    description: `${set.series.characters[0]!} Last Prize Special Ver. Figure`,
  };
}

/** Double-chance prizes: a signed art board. */
export function doubleChancePrizeOf(set: DemoSet) {
  return { caption: 'Signed Art Board', description: `${set.series.name} Signed Art Board`, quantity: 2 };
}
