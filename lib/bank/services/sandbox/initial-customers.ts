/**
 * The known state of the sandbox (docs/interface/sandbox-operations.md#sandbox-operations): two private customers with a current account,
 * a savings account and a credit card each, and two corporate customers who act for a company
 * through an agreement covering its two accounts. Everything here is fixed; the history is
 * generated from it (private-history.ts, corporate-history.ts).
 */
import type { CorporateHistoryPlan } from "./corporate-history";
import type { Merchant, Payee, PrivateHistoryPlan } from "./private-history";
import { createRandom } from "./prng";
import { drawExternalBban } from "./sandbox-bank";

/** A payee outside the sandbox bank, with a stable account number drawn from its name. */
function payee(name: string): Payee {
  return { name, bban: drawExternalBban(createRandom(`payee:${name}`)) };
}

function merchant(name: string, mcc: string, min: number, max: number): Merchant {
  return { name, mcc, min, max };
}

export type InitialAccount = {
  name: string;
  product: string;
  cashAccountType: string;
  kidRequired?: boolean;
  /** Booked balance kept at or above this many kroner over the whole history (sets the opening balance). */
  floor: number;
};

export type InitialCardAccount = { name: string; product: string; bin: string; last4: string; creditLimit: number };

export type InitialCustomer =
  | {
      type: "PRIVATE";
      customerNumber: string;
      name: string;
      accounts: [InitialAccount, InitialAccount];
      card: InitialCardAccount;
      plan: PrivateHistoryPlan;
    }
  | {
      type: "CORPORATE";
      customerNumber: string;
      name: string;
      company: string;
      organisationNumber: string;
      accounts: [InitialAccount, InitialAccount];
      plan: CorporateHistoryPlan;
    };

const OSLO_GROCERIES = [
  merchant("REMA 1000 TORSHOV", "5411", 25, 1100),
  merchant("KIWI 505 SAGENE", "5411", 20, 950),
  merchant("COOP EXTRA STORO", "5411", 30, 1300),
  merchant("MENY MAJORSTUEN", "5411", 40, 1400),
  merchant("REMA 1000 BISLETT", "5411", 25, 900),
  merchant("BUNNPRIS GRUNERLOKKA", "5411", 20, 450),
];

const BERGEN_GROCERIES = [
  merchant("KIWI LAKSEVAAG", "5411", 20, 900),
  merchant("REMA 1000 FYLLINGSDALEN", "5411", 25, 1000),
  merchant("COOP EXTRA LODDEFJORD", "5411", 30, 1200),
  merchant("MENY BERGEN STORSENTER", "5411", 40, 1300),
];

const FRIENDS = [
  "Ola Nordmann",
  "Kari Hansen",
  "Jonas Berg",
  "Emma Johansen",
  "Lars Pedersen",
  "Sofie Olsen",
  "Henrik Larsen",
  "Nora Andersen",
];

const TAX_OFFICE = payee("Skatteetaten");

const INGRID: PrivateHistoryPlan = {
  key: "13039319955",
  debitCardLast4: "7315",
  income: [{ payer: payee("Nordvik Consulting AS"), amount: 52_400, day: 25, label: "Lønn", june: 1.32, december: 1.22 }],
  housing: { payee: payee("Torshov Eiendom AS"), amount: 14_500_00, day: 1, label: "Husleie", withKid: false },
  bills: [
    { payee: payee("Fjordkraft AS"), day: 15, min: 650, max: 1150, scheme: "MOD10", code: "AvtaleGiro", winter: 2.1 },
    { payee: payee("Telia Norge AS"), day: 12, min: 449, max: 449, scheme: "MOD11", code: "eFaktura" },
    { payee: payee("Gjensidige Forsikring ASA"), day: 5, min: 612, max: 612, scheme: "MOD10", code: "AvtaleGiro" },
    { payee: payee("Telenor Norge AS"), day: 20, min: 649, max: 649, scheme: "MOD11", code: "eFaktura" },
  ],
  subscriptions: [
    { merchant: merchant("NETFLIX.COM", "5815", 149, 149), day: 4, onCard: false },
    { merchant: merchant("SPOTIFY AB", "5815", 129, 129), day: 9, onCard: false },
    { merchant: merchant("HBO MAX", "5815", 99, 99), day: 17, onCard: true },
    { merchant: merchant("SATS NORGE AS", "7997", 649, 649), day: 1, onCard: false },
    { merchant: merchant("PATREON* MEMBERSHIP", "5815", 5, 5), day: 11, onCard: false, currency: "USD" },
    { merchant: merchant("DROPBOX*PLUS SUBSCR", "5734", 20, 20), day: 22, onCard: true, currency: "USD" },
  ],
  savings: { monthly: 3_500_00, day: 26, withdrawals: [{ month: 6, amount: 15_000_00 }], interest: [1800, 3200] },
  groceries: OSLO_GROCERIES,
  cafes: [
    merchant("ESPRESSO HOUSE STORGATA", "5814", 45, 120),
    merchant("KAFFEBRENNERIET TORGGATA", "5814", 42, 110),
    merchant("NARVESEN NATIONALTHEATRET", "5994", 30, 140),
    merchant("7-ELEVEN KARL JOHAN", "5499", 35, 160),
    merchant("PEPPES PIZZA AKER BRYGGE", "5812", 220, 690),
    merchant("SUSHI BAR GRUNERLOKKA", "5812", 180, 560),
    merchant("BAKER HANSEN SAGENE", "5462", 40, 150),
  ],
  shops: [
    merchant("VINMONOPOLET TORSHOV", "5921", 189, 890),
    merchant("APOTEK 1 STORO", "5912", 59, 480),
    merchant("CLAS OHLSON STORGATA", "5251", 49, 899),
    merchant("XXL STORO", "5941", 199, 1499),
    merchant("H&M KARL JOHAN", "5651", 99, 1299),
    merchant("NORLI UNIVERSITETSGATA", "5942", 149, 599),
    merchant("NILLE STORO", "5331", 29, 249),
    merchant("ELKJOP STORO", "5732", 149, 1999),
  ],
  transport: {
    pass: { merchant: merchant("RUTER 30-DAGERSBILLETT", "4111", 944, 944), day: 3 },
    trips: [
      merchant("VY TOG OSLO S", "4112", 189, 649),
      merchant("BOLT.EU", "4121", 139, 389),
      merchant("RUTER ENKELTBILLETT", "4111", 42, 42),
    ],
    chance: 0.25,
  },
  cardMerchants: [
    merchant("KOMPLETT.NO", "5732", 199, 3499),
    merchant("ZALANDO NORGE", "5651", 299, 1499),
    merchant("FINN.NO", "5399", 99, 799),
    merchant("FOODORA NORWAY", "5812", 189, 459),
    merchant("TIDAL OSLO RESTAURANT", "5812", 450, 1450),
    merchant("OLYMPEN MAT OG VINHUS", "5812", 520, 1680),
    merchant("ODEON KINO STORO", "7832", 149, 398),
  ],
  friends: FRIENDS,
  trips: [
    {
      month: 3,
      day: 14,
      days: 3,
      currency: "SEK",
      merchants: [
        merchant("PRESSBYRAN T-CENTRALEN", "5994", 35, 180),
        merchant("VAPIANO STOCKHOLM", "5812", 220, 760),
        merchant("AHLENS CITY", "5311", 150, 1200),
        merchant("SL STOCKHOLM", "4111", 42, 160),
      ],
      hotel: merchant("SCANDIC CONTINENTAL", "7011", 1450, 1900),
      flight: merchant("SAS AIRLINES", "4511", 1290, 2190),
    },
    {
      month: 5,
      day: 22,
      days: 3,
      currency: "DKK",
      merchants: [
        merchant("TIVOLI GARDENS", "7996", 145, 480),
        merchant("NETTO NORREBRO", "5411", 40, 260),
        merchant("GASOLIN NORREBRO", "5812", 120, 380),
        merchant("METRO SERVICE", "4111", 24, 72),
      ],
      hotel: merchant("HOTEL SP34", "7011", 1200, 1650),
      flight: merchant("NORWEGIAN AIR SHUTTLE", "4511", 890, 1590),
    },
    {
      month: 7,
      day: 8,
      days: 11,
      currency: "EUR",
      merchants: [
        merchant("TRATTORIA DA MARIO ROMA", "5812", 24, 95),
        merchant("CONAD CITY", "5411", 8, 65),
        merchant("TRENITALIA", "4112", 19, 55),
        merchant("MUSEI VATICANI", "7991", 17, 40),
        merchant("GELATERIA DEL TEATRO", "5814", 4, 14),
      ],
      hotel: merchant("HOTEL ARTEMIDE ROMA", "7011", 120, 185),
      flight: merchant("NORWEGIAN AIR SHUTTLE", "4511", 2890, 4590),
    },
    {
      month: 11,
      day: 6,
      days: 4,
      currency: "GBP",
      merchants: [
        merchant("PRET A MANGER", "5814", 5, 18),
        merchant("TFL TRAVEL CHARGE", "4111", 3, 12),
        merchant("DISHOOM COVENT GARDEN", "5812", 28, 85),
        merchant("WATERSTONES", "5942", 9, 35),
      ],
      hotel: merchant("PREMIER INN LONDON", "7011", 95, 160),
      flight: merchant("SAS AIRLINES", "4511", 1490, 2690),
    },
  ],
  activity: {
    groceries: 0.92,
    secondGroceries: 0.8,
    cafeWorkday: 0.75,
    cafeWeekend: 0.7,
    shop: 0.3,
    vippsOut: 0.45,
    vippsIn: 0.18,
    atm: 0.02,
    card: 0.22,
    snack: 0.3,
    cardShareAbroad: 0.55,
  },
  cardBill: { payee: "Fjordbanken Mastercard", day: 20 },
};

const PER: PrivateHistoryPlan = {
  key: "12085592767",
  debitCardLast4: "5082",
  income: [
    { payer: payee("NAV"), amount: 24_650, day: 20, label: "Pensjon", june: 1, december: 1 },
    { payer: payee("Statens pensjonskasse"), amount: 8_420, day: 20, label: "Pensjon", june: 1, december: 1 },
  ],
  housing: { payee: payee("Borettslaget Solsiden"), amount: 5_420_00, day: 1, label: "Felleskostnader", withKid: true },
  bills: [
    { payee: payee("BKK Strøm AS"), day: 15, min: 480, max: 980, scheme: "MOD10", code: "AvtaleGiro", winter: 2.3 },
    { payee: payee("Telia Norge AS"), day: 12, min: 299, max: 299, scheme: "MOD11", code: "eFaktura" },
    { payee: payee("If Skadeforsikring NUF"), day: 8, min: 985, max: 985, scheme: "MOD10", code: "AvtaleGiro" },
    { payee: payee("Allente Norge AS"), day: 18, min: 649, max: 649, scheme: "MOD11", code: "eFaktura" },
    { payee: payee("Bergens Tidende AS"), day: 2, min: 399, max: 399, scheme: "MOD10", code: "AvtaleGiro" },
  ],
  subscriptions: [{ merchant: merchant("STORYTEL AS", "5815", 229, 229), day: 7, onCard: true }],
  savings: { monthly: 2_500_00, day: 21, withdrawals: [{ month: 2, amount: 20_000_00 }], interest: [3200, 4600] },
  groceries: BERGEN_GROCERIES,
  cafes: [
    merchant("GODT BRØD NORDNES", "5462", 45, 140),
    merchant("KAFFEMISJONEN", "5814", 42, 120),
    merchant("NARVESEN BERGEN", "5994", 30, 120),
    merchant("PINGVINEN", "5812", 260, 720),
  ],
  shops: [
    merchant("VINMONOPOLET BERGEN", "5921", 169, 790),
    merchant("APOTEK 1 LAKSEVAAG", "5912", 59, 690),
    merchant("JULA BERGEN", "5200", 49, 899),
    merchant("EUROPRIS LODDEFJORD", "5331", 39, 499),
    merchant("BOKHANDEL NORLI BERGEN", "5942", 149, 499),
  ],
  transport: {
    trips: [
      merchant("SKYSS BILLETT", "4111", 44, 44),
      merchant("VY TOG BERGEN", "4112", 249, 899),
      merchant("BERGEN TAXI", "4121", 189, 520),
    ],
    chance: 0.18,
  },
  cardMerchants: [
    merchant("CIRCLE K LAKSEVAAG", "5541", 450, 980),
    merchant("BOOKBEAT", "5815", 199, 199),
    merchant("FJELLSTUA RESTAURANT", "5812", 380, 1250),
    merchant("POWER BERGEN", "5732", 299, 2990),
  ],
  friends: ["Anne Johansen", "Bjørn Solberg", "Marit Johansen", "Terje Haugland", "Ingunn Vik"],
  trips: [
    {
      month: 2,
      day: 10,
      days: 14,
      currency: "EUR",
      merchants: [
        merchant("MERCADONA ALICANTE", "5411", 12, 85),
        merchant("RESTAURANTE EL PORTAL", "5812", 28, 110),
        merchant("FARMACIA CENTRAL", "5912", 6, 40),
        merchant("TRAM ALICANTE", "4111", 2, 8),
      ],
      hotel: merchant("HOTEL MERIA PLAZA", "7011", 85, 120),
      flight: merchant("NORWEGIAN AIR SHUTTLE", "4511", 2490, 3890),
    },
    {
      month: 9,
      day: 12,
      days: 4,
      currency: "DKK",
      merchants: [
        merchant("NYHAVN 17", "5812", 180, 620),
        merchant("7-ELEVEN KOBENHAVN H", "5499", 25, 95),
        merchant("DSB BILLET", "4112", 36, 120),
      ],
      hotel: merchant("HOTEL KONG ARTHUR", "7011", 1350, 1750),
      flight: merchant("SAS AIRLINES", "4511", 1590, 2490),
    },
  ],
  activity: {
    groceries: 0.85,
    secondGroceries: 0.2,
    cafeWorkday: 0.3,
    cafeWeekend: 0.25,
    shop: 0.15,
    vippsOut: 0.12,
    vippsIn: 0.08,
    atm: 0.025,
    card: 0.12,
    snack: 0.1,
    cardShareAbroad: 0.3,
  },
  cardBill: { payee: "Fjordbanken Visa", day: 20 },
};

const LIE_SNEKKERI: CorporateHistoryPlan = {
  key: "18129215603",
  cardLast4: "6630",
  clients: [
    "Sagene Borettslag",
    "Kari Hansen",
    "Hansen Eiendom AS",
    "Ola Berg",
    "Nordre Aker Sameie",
    "Aker Bygg Prosjekt AS",
    "Line Kristoffersen",
    "Torshov Terrasse Borettslag",
  ],
  income: { chance: 0.41, min: 4_500, max: 70_000 },
  suppliers: [
    { payee: payee("Byggmakker Norge AS"), min: 1_200, max: 32_000 },
    { payee: payee("Maxbo Proff AS"), min: 900, max: 28_000 },
    { payee: payee("Optimera AS"), min: 2_500, max: 38_000 },
    { payee: payee("Würth Norge AS"), min: 450, max: 6_800 },
    { payee: payee("Jernia AS"), min: 300, max: 4_500 },
  ],
  supplierChance: 0.3,
  spending: {
    merchants: [
      merchant("CIRCLE K ALNABRU", "5541", 550, 1450),
      merchant("ESSO GRORUD", "5541", 520, 1380),
      merchant("UNO-X ULVEN", "5541", 480, 1300),
      merchant("MAXBO ALNABRU", "5211", 120, 3800),
      merchant("BYGGMAKKER ULVEN", "5211", 150, 4200),
      merchant("MONTER STRAEN", "5211", 90, 2600),
    ],
    chance: 0.45,
  },
  lunches: { merchants: [merchant("REMA 1000 ALNABRU", "5411", 60, 320), merchant("BURGER KING ALNABRU", "5814", 120, 380)], chance: 0.25 },
  employees: [
    { name: "Sindre Lie", bban: drawExternalBban(createRandom("employee:Sindre Lie")), net: 41_200, tax: 16_300 },
    { name: "Jonas Kristiansen", bban: drawExternalBban(createRandom("employee:Jonas Kristiansen")), net: 36_850, tax: 14_200 },
    { name: "Emil Nilsen", bban: drawExternalBban(createRandom("employee:Emil Nilsen")), net: 33_420, tax: 12_600 },
  ],
  salaryDay: 20,
  fixed: [
    { payee: payee("Alnabru Næringsbygg AS"), amount: 18_500, day: 1, label: "Husleie verksted", withKid: true },
    { payee: payee("Santander Consumer Bank AS"), amount: 6_235, day: 15, label: "Leasing", withKid: true },
    { payee: payee("Telenor Norge AS"), amount: 1_349, day: 18, label: "Mobil", withKid: true },
    { payee: payee("Regnskapshuset Oslo AS"), amount: 4_375, day: 10, label: "Regnskap", withKid: true },
    { payee: payee("Gjensidige Forsikring ASA"), amount: 8_960, day: 5, months: [1, 4, 7, 10], label: "Forsikring", withKid: true },
  ],
  foreignSubscriptions: [],
  vat: { min: 48_000, max: 92_000 },
  tax: TAX_OFFICE,
  second: { kind: "tax-deduction" },
  trips: [],
  pendingTransfers: ["Skattetrekk ekstralønn", "Skattetrekk korrigering"],
};

const BERGSTRAND: CorporateHistoryPlan = {
  key: "20079518612",
  cardLast4: "9174",
  clients: [
    "Oslo kommune Bygg",
    "Selvaag Bolig AS",
    "Bærum kommune",
    "Nordic Retail Eiendom AS",
    "Familien Strand",
    "Lillestrøm Sentrum AS",
  ],
  income: { chance: 0.185, min: 35_000, max: 245_000 },
  suppliers: [
    { payee: payee("Norconsult AS"), min: 8_000, max: 45_000 },
    { payee: payee("Printhuset Oslo AS"), min: 600, max: 7_500 },
    { payee: payee("Kontorbutikken AS"), min: 300, max: 4_800 },
    { payee: payee("Advokatfirmaet Lund AS"), min: 4_500, max: 22_000 },
  ],
  supplierChance: 0.18,
  spending: {
    merchants: [
      merchant("TAXI OSLO", "4121", 180, 620),
      merchant("VY TOG", "4112", 129, 899),
      merchant("KONTORBUTIKKEN", "5943", 90, 1200),
      merchant("ELKJOP BUSINESS", "5732", 299, 8999),
    ],
    chance: 0.14,
  },
  lunches: {
    merchants: [
      merchant("DEN GLADE GRIS", "5812", 420, 1800),
      merchant("ESPRESSO HOUSE GRUNERLOKKA", "5814", 60, 320),
      merchant("MENY GRUNERLOKKA", "5411", 120, 650),
    ],
    chance: 0.35,
  },
  employees: [
    { name: "Amalie Berg", bban: drawExternalBban(createRandom("employee:Amalie Berg")), net: 48_900, tax: 21_400 },
    { name: "Thomas Strand", bban: drawExternalBban(createRandom("employee:Thomas Strand")), net: 47_300, tax: 20_600 },
    { name: "Ida Mathisen", bban: drawExternalBban(createRandom("employee:Ida Mathisen")), net: 39_850, tax: 15_900 },
    { name: "Kristian Aas", bban: drawExternalBban(createRandom("employee:Kristian Aas")), net: 37_200, tax: 14_700 },
  ],
  salaryDay: 25,
  fixed: [
    { payee: payee("Grünerløkka Næringseiendom AS"), amount: 38_500, day: 1, label: "Husleie kontor", withKid: true },
    { payee: payee("Telia Norge AS"), amount: 2_196, day: 14, label: "Mobil", withKid: true },
    { payee: payee("Microsoft Norge AS"), amount: 1_540, day: 12, label: "Microsoft 365", withKid: true },
    { payee: payee("Storebrand Livsforsikring AS"), amount: 9_850, day: 20, label: "Tjenestepensjon", withKid: true },
    { payee: payee("Tryg Forsikring"), amount: 6_420, day: 5, months: [2, 5, 8, 11], label: "Forsikring", withKid: true },
  ],
  foreignSubscriptions: [
    { merchant: merchant("AUTODESK INC", "5734", 545, 545), day: 3, currency: "USD" },
    { merchant: merchant("ADOBE SYSTEMS SOFTWARE", "5734", 90, 90), day: 7, currency: "EUR" },
    { merchant: merchant("FIGMA", "5734", 45, 45), day: 16, currency: "USD" },
    { merchant: merchant("RIBA BOOKSHOP", "5942", 36, 36), day: 24, currency: "GBP" },
  ],
  vat: { min: 95_000, max: 180_000 },
  tax: TAX_OFFICE,
  second: { kind: "savings", months: [3, 6, 9, 12], day: 28, amount: 120_000, interest: [18_000, 26_000] },
  trips: [
    {
      month: 4,
      day: 9,
      days: 3,
      currency: "DKK",
      merchants: [
        merchant("RESTAURANT BARR", "5812", 450, 1900),
        merchant("7-ELEVEN KOBENHAVN H", "5499", 25, 95),
        merchant("DSB BILLET", "4112", 36, 120),
      ],
      hotel: merchant("HOTEL ALEXANDRA", "7011", 1450, 1850),
      flight: merchant("SAS AIRLINES", "4511", 2890, 4800),
    },
  ],
  pendingTransfers: ["Overføring buffer", "Avsetning skatt"],
};

export const INITIAL_CUSTOMERS: readonly InitialCustomer[] = [
  {
    type: "PRIVATE",
    customerNumber: "13039319955",
    name: "Ingrid Marie Haugen",
    accounts: [
      { name: "Brukskonto", product: "Brukskonto", cashAccountType: "CACC", floor: 6_000 },
      { name: "Sparekonto", product: "Høyrentekonto", cashAccountType: "SVGS", floor: 25_000 },
    ],
    card: { name: "Mastercard Gold", product: "Fjordbanken Mastercard Gold", bin: "552211", last4: "4821", creditLimit: 50_000 },
    plan: INGRID,
  },
  {
    type: "PRIVATE",
    customerNumber: "12085592767",
    name: "Per Olav Johansen",
    accounts: [
      { name: "Brukskonto", product: "Brukskonto Pluss", cashAccountType: "CACC", floor: 12_000 },
      { name: "Sparekonto 60+", product: "Sparekonto 60+", cashAccountType: "SVGS", floor: 80_000 },
    ],
    card: { name: "Visa Classic", product: "Fjordbanken Visa Classic", bin: "454617", last4: "2209", creditLimit: 40_000 },
    plan: PER,
  },
  {
    type: "CORPORATE",
    customerNumber: "18129215603",
    name: "Sindre Lie",
    company: "Lie Snekkeri AS",
    organisationNumber: "926148338",
    accounts: [
      { name: "Driftskonto", product: "Driftskonto Bedrift", cashAccountType: "CACC", floor: 150_000 },
      { name: "Skattetrekkskonto", product: "Skattetrekkskonto", cashAccountType: "TAXE", floor: 0 },
    ],
    plan: LIE_SNEKKERI,
  },
  {
    type: "CORPORATE",
    customerNumber: "20079518612",
    name: "Amalie Berg",
    company: "Bergstrand Arkitekter AS",
    organisationNumber: "918765026",
    accounts: [
      { name: "Driftskonto", product: "Driftskonto Bedrift", cashAccountType: "CACC", kidRequired: true, floor: 250_000 },
      { name: "Bedriftssparekonto", product: "Bedriftsplassering", cashAccountType: "SVGS", floor: 400_000 },
    ],
    plan: BERGSTRAND,
  },
];
