import { describe, expect, it } from 'vitest';
import { formatAmountInWords } from './amount-in-words';

describe('formatAmountInWords', () => {
  it.each([
    [0, 'null kroner'],
    [1, 'én krone'],
    [2, 'to kroner'],
    [7, 'sju kroner'],
    [10, 'ti kroner'],
    [11, 'elleve kroner'],
    [12, 'tolv kroner'],
    [17, 'sytten kroner'],
    [18, 'atten kroner'],
    [20, 'tjue kroner'],
    [21, 'tjueen kroner'],
    [30, 'tretti kroner'],
    [40, 'førti kroner'],
    [45, 'førtifem kroner'],
    [70, 'sytti kroner'],
    [80, 'åtti kroner'],
    [90, 'nitti kroner'],
    [99, 'nittini kroner'],
    [100, 'ett hundre kroner'],
    [101, 'ett hundre og én kroner'],
    [121, 'ett hundre og tjueen kroner'],
    [350, 'tre hundre og femti kroner'],
    [1_000, 'ett tusen kroner'],
    [1_001, 'ett tusen og én kroner'],
    [1_050, 'ett tusen og femti kroner'],
    [1_100, 'ett tusen ett hundre kroner'],
    [2_000, 'to tusen kroner'],
    [21_000, 'tjueen tusen kroner'],
    [100_000, 'ett hundre tusen kroner'],
    [101_000, 'ett hundre og ett tusen kroner'],
    [999_999, 'ni hundre og nittini tusen ni hundre og nittini kroner'],
    [1_000_000, 'én million kroner'],
    [1_000_001, 'én million og én kroner'],
    [1_050_000, 'én million og femti tusen kroner'],
    [1_250_000, 'én million to hundre og femti tusen kroner'],
    [2_500_000, 'to millioner fem hundre tusen kroner'],
    [3_000_015, 'tre millioner og femten kroner'],
    [3_000_100, 'tre millioner ett hundre kroner'],
    [4_350_000, 'fire millioner tre hundre og femti tusen kroner'],
    [4_350_275, 'fire millioner tre hundre og femti tusen to hundre og syttifem kroner'],
    [21_000_000, 'tjueen millioner kroner'],
    [100_000_000, 'ett hundre millioner kroner'],
    [1_000_000_000, 'én milliard kroner'],
    [1_000_000_050, 'én milliard og femti kroner'],
    [2_000_000_000, 'to milliarder kroner'],
    [2_001_000_000, 'to milliarder og én million kroner'],
    [
      9_999_999_999,
      'ni milliarder ni hundre og nittini millioner ni hundre og nittini tusen ni hundre og nittini kroner',
    ],
    [10_000_000_000, 'ti milliarder kroner'],
  ])('%i → %j', (amount, expected) => {
    expect(formatAmountInWords(amount)).toBe(expected);
  });

  it.each([
    ['negative', -1],
    ['fraction', 12.5],
    ['NaN', Number.NaN],
    ['infinity', Number.POSITIVE_INFINITY],
    ['above the maximum', 10_000_000_001],
  ])('returns an empty string for %s', (_label, amount) => {
    expect(formatAmountInWords(amount)).toBe('');
  });
});
