// Decision 047: Lighthouse on the round page with 30 photos stays within 5 points of the round page
// with one. Both rounds are made through the API as a seller's browser makes them (each photo through the
// three upload calls, so the server makes its sizes), then audited alike, as the same signed-in bidder.
import { CHROMIUM_PATH } from '../../tests/e2e/chromium';
import { roundWithPhotos, uploadPhotos } from '../../tests/e2e/round-with-photos';
import { type LighthouseFigures, lighthouseFigures } from './lighthouse-run';
import { progress, type Row } from './stats';

const MOST_PHOTOS = 30;
const MAX_GAP = 5;

const CATEGORIES = [
  ['performance', (f: LighthouseFigures) => f.performance],
  ['accessibility', (f: LighthouseFigures) => f.accessibility],
  ['best practices', (f: LighthouseFigures) => f.bestPractices],
] as const;

const detail = (f: LighthouseFigures) =>
  `LCP ${Math.round(f.lcpMs)} ms, TBT ${Math.round(f.tbtMs)} ms, CLS ${f.cls.toFixed(3)}; runs ${f.allScores.join(', ')}; CPU benchmarkIndex ${Math.round(f.benchmarkIndex)}` +
  (f.failedRuns.length ? `, ${f.failedRuns.length} failed in Lighthouse` : '') +
  (f.failedA11y.length ? `; accessibility failed: ${f.failedA11y.join(', ')}` : '') +
  (f.failedBestPractices.length ? `; best practices failed: ${f.failedBestPractices.join(', ')}` : '');

/** Seeds a round with one photo and one with 30 as `seller`, audits both as `bidder`, and compares them. */
export async function galleryRows(
  baseUrl: string,
  cookies: { seller: string; bidder: string },
  runs: number,
): Promise<Row[]> {
  progress(`uploading ${MOST_PHOTOS} photos through the API`);
  const photos = await uploadPhotos(baseUrl, cookies.seller, MOST_PHOTOS);
  // The same cover on both pages, so that what differs is only the other 29 photos.
  const one = await roundWithPhotos(
    baseUrl,
    cookies.seller,
    { title: 'Ett bilde', address: 'Enbildeveien 1, 0001 Oslo' },
    photos.slice(0, 1),
  );
  const many = await roundWithPhotos(
    baseUrl,
    cookies.seller,
    { title: 'Tretti bilder', address: 'Mangebildeveien 30, 0001 Oslo' },
    photos,
  );
  const figures: LighthouseFigures[] = [];
  for (const [count, round] of [
    [1, one],
    [MOST_PHOTOS, many],
  ] as const) {
    progress(`Lighthouse, round page with ${count} photo(s), ${runs} runs`);
    figures.push(
      await lighthouseFigures(`${baseUrl}/budrunder/${round}`, {
        chromiumPath: CHROMIUM_PATH,
        cookie: cookies.bidder,
        runs,
      }),
    );
  }
  const [withOne, withMany] = figures as [LighthouseFigures, LighthouseFigures];
  return [
    ...CATEGORIES.map(([name, score]) => ({
      figure: `Lighthouse ${name}, round page with ${MOST_PHOTOS} photos vs 1`,
      result: `${score(withMany)} vs ${score(withOne)}`,
      target: `≤ ${MAX_GAP} points lower`,
      met: score(withOne) - score(withMany) <= MAX_GAP,
    })),
    { figure: 'Round page with 1 photo', result: detail(withOne), target: '–', met: null },
    { figure: `Round page with ${MOST_PHOTOS} photos`, result: detail(withMany), target: '–', met: null },
  ];
}
