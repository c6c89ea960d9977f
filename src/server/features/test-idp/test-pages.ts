import { formatBirthDate } from '../../../shared/rules/identity';
import { escapeHtml } from '../../html-escape';
import type { TestPerson } from './test-people';

// The pages of the Test-BankID (decision 064): plain HTML, no script, each saying it is a test.

export const TEST_BANNER = 'Testmiljø – ingen ekte identitet';

const STYLE = `
body { margin: 0; font-family: system-ui, sans-serif; color: #1a1b1e; background: #f4f6f8; line-height: 1.5; }
.banner { background: #ffd43b; color: #1a1b1e; padding: 12px 16px; font-weight: 700; text-align: center; }
main { max-width: 32rem; margin: 0 auto; padding: 24px 16px 48px; }
h1 { font-size: 1.5rem; margin: 0 0 8px; color: #1c3d6e; }
p { margin: 0 0 16px; }
ul { list-style: none; margin: 0 0 24px; padding: 0; }
li { margin: 0 0 12px; }
button { width: 100%; text-align: left; font: inherit; border: 1px solid #8a94a6; border-radius: 8px;
  background: #fff; color: #1a1b1e; padding: 12px 16px; cursor: pointer; min-height: 48px; }
button:hover, button:focus-visible { border-color: #1c3d6e; outline: 2px solid #1c3d6e; }
.who { display: block; font-weight: 600; }
.what { display: block; color: #495057; font-size: 0.9rem; }
.cancel { text-align: center; background: transparent; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="nb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Test-BankID</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="note">${TEST_BANNER}</div>
<main>
${body}
</main>
</body>
</html>`;
}

/** The login page: the demo's people to pick from, and a way back. */
export function loginPage(loginAction: string, abortAction: string, people: TestPerson[]): string {
  const items = people
    .map((person) => {
      const name = [person.givenName, person.familyName].filter(Boolean).join(' ') || 'Uten navn';
      const born = formatBirthDate(person.birthDate);
      const what = [born ? `født ${born}` : null, person.note].filter(Boolean).join(' · ');
      return `<li><button type="submit" name="person" value="${escapeHtml(person.id)}">
<span class="who">${escapeHtml(name)}</span><span class="what">${escapeHtml(what)}</span></button></li>`;
    })
    .join('\n');
  return page(
    'Logg inn',
    `<h1>Test-BankID</h1>
<p>Dette er en testutgave av BankID for å prøve Budrunde. Velg hvem du vil logge inn som. Personene og
fødselsnumrene er oppdiktet.</p>
<form method="post" action="${escapeHtml(loginAction)}">
<ul>
${items}
</ul>
</form>
<form method="post" action="${escapeHtml(abortAction)}">
<button type="submit" class="cancel">Avbryt og gå tilbake</button>
</form>`,
  );
}

/** What the provider shows when a request cannot go on. */
export function errorPage(reason: string): string {
  return page(
    'Feil',
    `<h1>Innloggingen kunne ikke fullføres</h1>
<p>Test-BankID avviste forespørselen: ${escapeHtml(reason)}</p>
<p><a href="/">Tilbake til Budrunde</a></p>`,
  );
}
