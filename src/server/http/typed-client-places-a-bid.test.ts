import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { OPENAPI_PATH } from './api-docs';

// What the README's "A typed client for integrators" tells a broker to do: take dist/openapi.json (which
// `npm run build` writes with scripts/write-openapi.ts), generate types with openapi-typescript, and place a
// bid through openapi-fetch. Here the types are generated into a folder of their own and an example is
// type-checked against them, so a document that stops describing the bid breaks this test, not a broker.

const root = resolve(import.meta.dirname, '../../..');
let t: TestApp;
let dir: string;
let written: { servers?: unknown } & Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'budrunde-typed-client-'));
  // The example imports openapi-fetch the way an integrator's project would: from its node_modules.
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  // The build step itself, on this Node, into the folder instead of dist/.
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts/write-openapi.ts'), join(dir, 'openapi.json')],
    { cwd: root, env: { ...process.env, APP_URL: '' } },
  );
  written = JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8'));
  const types = astToString(await openapiTS(new URL(`file://${join(dir, 'openapi.json')}`)));
  writeFileSync(join(dir, 'budrunde-api.d.ts'), types);
}, 60_000);

afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The type errors of one example file compiled against the generated types, as `line: message`. */
function typeErrors(name: string, source: string): string[] {
  const file = join(dir, name);
  writeFileSync(file, source);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    return `${d.file ? `${d.file.fileName.replace(`${dir}/`, '')}:${line}` : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

/** The README's example, with the bid's fields given as `fields` and what it returns as `answer`. */
const placeBidExample = (fields: string, answer = 'data.bid') => `
import createClient from 'openapi-fetch';
import type { paths } from './budrunde-api';

const api = createClient<paths>({ baseUrl: 'https://budrunde.example.no' });

/** Places a bid as the user whose session cookie is given; throws the server's Norwegian message. */
export async function placeBid(
  sessionCookie: string,
  bidRoundId: string,
  amount: number,
): Promise<{ id: string; amount: number; createdAt: string }> {
  const { data, error, response } = await api.POST('/api/bids', {
    headers: { cookie: sessionCookie, origin: 'https://budrunde.example.no' },
    body: { ${fields} },
  });
  if (error) throw new Error(\`\${response.status}: \${error.message}\`);
  return ${answer};
}
`;

const sixHours = 'new Date(Date.now() + 6 * 3_600_000).toISOString()';

describe('a typed client generated from the API document', () => {
  it('is generated from the file the build writes, which is the document the server serves', async () => {
    const served = (await t.request({ method: 'GET', url: OPENAPI_PATH })).json();
    // Only the server address differs: the build's default against the test app's own.
    expect({ ...written, servers: undefined }).toEqual({ ...served, servers: undefined });
    expect(readFileSync(join(dir, 'budrunde-api.d.ts'), 'utf8')).toContain('"/api/bids"');
  });

  it('type-checks an example that places a bid', () => {
    const example = placeBidExample(
      `bidRoundId, amount, conditions: 'Forbehold om finansiering', bidDeadline: ${sixHours}`,
    );
    expect(typeErrors('place-bid.ts', example)).toEqual([]);
  });

  it('refuses a bid whose amount is text or whose acceptance deadline is missing', () => {
    const amountAsText = typeErrors(
      'amount-as-text.ts',
      placeBidExample(`bidRoundId, amount: '4 250 000', bidDeadline: ${sixHours}`),
    );
    expect(amountAsText.join('\n')).toMatch(
      /amount-as-text\.ts:\d+: .*'string' is not assignable to type 'number'/,
    );
    const noDeadline = typeErrors('no-deadline.ts', placeBidExample('bidRoundId, amount'));
    expect(noDeadline.join('\n')).toMatch(/no-deadline\.ts:\d+: .*bidDeadline/);
  });

  it('knows the answer: the placed bid, and no field the document does not name', () => {
    const fields = `bidRoundId, amount, bidDeadline: ${sixHours}`;
    const misread = typeErrors(
      'misread-answer.ts',
      placeBidExample(fields, '{ ...data.bid, id: data.bid.budId }'),
    );
    expect(misread.join('\n')).toMatch(/misread-answer\.ts:\d+: Property 'budId' does not exist/);
  });
});
