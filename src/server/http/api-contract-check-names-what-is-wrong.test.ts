import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiContract } from '../../../tests/setup/openapi-contract';

// The check behind every-response-matches-the-api-document.test.ts, tried on a made-up document: what it
// passes, and how it names what is wrong.

describe('the check against the document', () => {
  const tiny = () =>
    new ApiContract({
      openapi: '3.1.0',
      paths: {
        '/api/ting/{id}': {
          get: {
            responses: {
              200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Ting' } } } },
              302: {},
            },
          },
        },
      },
      components: {
        schemas: {
          Ting: {
            type: 'object',
            properties: { id: { type: 'string', format: 'uuid' } },
            required: ['id'],
            additionalProperties: false,
          },
        },
      },
    });
  const json = 'application/json; charset=utf-8';

  it('passes an answer the document describes, its schema found through $ref', () => {
    const contract = tiny();
    const body = JSON.stringify({ id: randomUUID() });
    expect(contract.check('GET', '/api/ting/1?x=1', { status: 200, contentType: json, body })).toEqual([]);
    expect(contract.check('GET', '/api/ting/1', { status: 302, contentType: undefined, body: '' })).toEqual(
      [],
    );
    expect(contract.calls).toEqual(['GET /api/ting/{id} → 200', 'GET /api/ting/{id} → 302']);
  });

  it('names the operation, the status and what is wrong when the answer is not in the document', () => {
    const contract = tiny();
    const check = (status: number, contentType: string | undefined, body: string) =>
      contract.check('GET', '/api/ting/1', { status, contentType, body });
    expect(check(404, json, '{"message":"Finnes ikke"}')).toEqual([
      'GET /api/ting/{id} → 404: status not documented (documented: 200, 302)',
    ]);
    expect(check(200, 'text/html', '<p>')).toEqual([
      'GET /api/ting/{id} → 200: content type text/html not documented (documented: application/json)',
    ]);
    expect(check(200, json, '{"id":"ikke-en-id","ekstra":1}')).toEqual([
      'GET /api/ting/{id} → 200: body does not match the document: (body) must NOT have additional properties; /id must match format "uuid"',
    ]);
    expect(check(302, json, '{}')).toEqual([
      'GET /api/ting/{id} → 302: answers a body (application/json; charset=utf-8) the document does not describe',
    ]);
    expect(contract.check('POST', '/api/ting/1', { status: 200, contentType: json, body: '{}' })).toEqual([
      'POST /api/ting/1 → 200: no such operation in the document',
    ]);
  });
});
