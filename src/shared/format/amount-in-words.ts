// Hand-written on purpose: no library we know of spells bokmål amounts correctly ('én'/'ett' agreement,
// 'og' placement, compound tens like 'førtifem'), and a bid confirmation must read exactly right.

import { MAX_AMOUNT } from '../rules/amounts';

const ONES = [
  'null',
  'en',
  'to',
  'tre',
  'fire',
  'fem',
  'seks',
  'sju',
  'åtte',
  'ni',
  'ti',
  'elleve',
  'tolv',
  'tretten',
  'fjorten',
  'femten',
  'seksten',
  'sytten',
  'atten',
  'nitten',
];
const TENS = ['', '', 'tjue', 'tretti', 'førti', 'femti', 'seksti', 'sytti', 'åtti', 'nitti'];

// 'One' agrees with the noun it counts: 'én krone/million/milliard' but 'ett tusen/hundre'.
type One = 'én' | 'ett';

type Scale = { size: number; one: One; singular: string; plural: string };

const SCALES: Scale[] = [
  { size: 1_000_000_000, one: 'én', singular: 'milliard', plural: 'milliarder' },
  { size: 1_000_000, one: 'én', singular: 'million', plural: 'millioner' },
  { size: 1_000, one: 'ett', singular: 'tusen', plural: 'tusen' },
  { size: 1, one: 'én', singular: '', plural: '' },
];

function sayBelowHundred(n: number, one: One): string {
  if (n === 1) return one;
  if (n < 20) return ONES[n] ?? '';
  // Compounds keep plain 'en' ('tjueen'); the accent only marks a standalone 'one'.
  const unit = n % 10;
  return `${TENS[Math.floor(n / 10)]}${unit === 0 ? '' : ONES[unit]}`;
}

function sayBelowThousand(n: number, one: One): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = [];
  if (hundreds > 0) words.push(hundreds === 1 ? 'ett hundre' : `${ONES[hundreds]} hundre`);
  if (rest > 0) words.push(hundreds > 0 ? `og ${sayBelowHundred(rest, one)}` : sayBelowHundred(rest, one));
  return words.join(' ');
}

/**
 * 4 350 000 → 'fire millioner tre hundre og femti tusen kroner'.
 * Returns '' for anything that is not a whole number of kroner from 0 to 10 000 000 000, so the caller
 * can show nothing rather than a misleading text.
 */
export function formatAmountInWords(amount: number): string {
  if (!Number.isInteger(amount) || amount < 0 || amount > MAX_AMOUNT) return '';
  if (amount === 0) return 'null kroner';

  const groups = SCALES.map((scale, index) => {
    const value = Math.floor(amount / scale.size);
    // The largest scale keeps its full count, since 10 000 000 000 is 'ti milliarder'.
    return { scale, value: index === 0 ? value : value % 1000 };
  });

  const nonZero = groups.filter((group) => group.value > 0);
  const words = nonZero.map(({ scale, value }, index) => {
    const number = sayBelowThousand(value, scale.one);
    const noun = value === 1 ? scale.singular : scale.plural;
    // Norwegian joins a final small part with 'og': 'ett tusen og femti', 'tre millioner og femten'.
    const isTrailingSmall = index > 0 && index === nonZero.length - 1 && value < 100;
    const phrase = noun ? `${number} ${noun}` : number;
    return isTrailingSmall ? `og ${phrase}` : phrase;
  });

  return `${words.join(' ')} ${amount === 1 ? 'krone' : 'kroner'}`;
}
