import { Anchor, Code, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { Section, StaticPage } from '../../components/static-page';
import type { JournalCheckReport } from '../../features/journal-check/check-journal';
import {
  JournalCheckForm,
  type JournalCheckInput,
} from '../../features/journal-check/components/journal-check-form';
import { JournalCheckResult } from '../../features/journal-check/components/journal-check-result';

// /kontroller-budjournal (decision 062): a home buyer checks the chain they downloaded, in the browser, with
// the same code as `npm run verify-journal`. The check and its crypto load only when asked for (their own
// chunk), so the page itself stays as light as the other text pages.

async function runCheck({ file, receipts }: JournalCheckInput): Promise<JournalCheckReport> {
  const { checkJournal, fetchChainKeys } = await import('../../features/journal-check/check-journal');
  let text: string;
  try {
    text = await file.text();
  } catch {
    return {
      verdict: 'unreadable',
      title: 'Filen kan ikke leses',
      detail: 'Nettleseren fikk ikke lese filen.',
      items: [],
    };
  }
  return checkJournal(text, receipts, await fetchChainKeys());
}

export function CheckJournalPage() {
  const [report, setReport] = useState<JournalCheckReport | null>(null);
  const [checking, setChecking] = useState(false);
  // A check started for a file the reader has since changed must not show its result for the new one.
  const run = useRef(0);

  const check = async (input: JournalCheckInput) => {
    const mine = ++run.current;
    setChecking(true);
    setReport(null);
    let next: JournalCheckReport;
    try {
      next = await runCheck(input);
    } catch {
      next = {
        verdict: 'unreadable',
        title: 'Kontrollen kunne ikke fullføres',
        detail: 'Last siden på nytt og prøv igjen.',
        items: [],
      };
    }
    if (run.current !== mine) return;
    setReport(next);
    setChecking(false);
  };

  return (
    <StaticPage
      title="Kontroller budjournalen"
      lead="Se selv at budjournalen du har lastet ned, er den Budrunde registrerte: at ingen handling er endret, fjernet eller lagt til i ettertid."
    >
      <Section title="Velg filen">
        <JournalCheckForm
          checking={checking}
          onCheck={check}
          onChange={() => {
            run.current += 1;
            setChecking(false);
            setReport(null);
          }}
        />
      </Section>
      {report ? (
        <Section title="Resultat">
          <JournalCheckResult report={report} />
        </Section>
      ) : null}
      <Section title="Hva kontrollen viser">
        <Text>
          Hver handling i budrunden (bud, avslag, motbud, vinner, avslutning) er et ledd i en kjede der hvert
          ledd bærer et fingeravtrykk (en hash) av alt som kom før. Endres én handling, stemmer ikke kjeden
          lenger. Budrunde signerer hvert ledd og kjedens hode med sin nøkkel, så en kjede som er skrevet om
          fra start til slutt, avsløres også. En kvittering fra e-posten er et anker du har selv: den viser at
          kjeden fram til den handlingen er den du fikk kvittering for.
        </Text>
        <Text>
          Nøkkelen hentes fra{' '}
          <Anchor
            href="/.well-known/budrunde-chain-key.json"
            underline="always"
            style={{ overflowWrap: 'anywhere' }}
          >
            /.well-known/budrunde-chain-key.json
          </Anchor>
          .
        </Text>
      </Section>
      <Section title="Med kommandolinjen">
        <Text>
          Den samme kontrollen finnes som et program for den som vil kjøre den selv, uten nettleser:{' '}
          <Code style={{ overflowWrap: 'anywhere' }}>
            npm run verify-journal -- budkjede.json --key https://…/.well-known/budrunde-chain-key.json
          </Code>
          .
        </Text>
      </Section>
    </StaticPage>
  );
}
