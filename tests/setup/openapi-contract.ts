import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

// Checks answers against the API's own OpenAPI 3.1 document with a standard JSON Schema 2020-12 validator
// (ajv), the dialect OpenAPI 3.1 uses. The whole document is one schema, so that a response schema's
// `$ref: '#/components/schemas/Feil'` resolves exactly as a client's generator resolves it.

const DOCUMENT_ID = 'https://budrunde.test/openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

interface MediaType {
  schema?: unknown;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
interface Operation {
  responses?: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components?: { schemas?: Record<string, unknown> };
}

/** What an answer is checked on; `body` undefined: not read (an event stream that stays open). */
export interface Answer {
  status: number;
  contentType: string | undefined;
  body?: string;
}

const pointer = (...parts: string[]) =>
  parts.map((part) => `/${part.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
const mediaTypeOf = (contentType: string | undefined) => contentType?.split(';')[0]?.trim().toLowerCase();
const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');
const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`).join('; ');

export class ApiContract {
  /** Every answer checked, in order, as `METHOD /path/{param} → status`. */
  readonly calls: string[] = [];
  /** What did not match the document, each naming the operation, the status and what was wrong. */
  readonly failures: string[] = [];
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: { method: string; template: string; pattern: RegExp; params: number }[] = [];

  constructor(readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema({ ...document, $id: DOCUMENT_ID });
    for (const [template, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        if (!item[method]) continue;
        const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
        const params = (template.match(/\{/g) ?? []).length;
        this.templates.push({ method, template, pattern: new RegExp(`^${source}$`), params });
      }
    }
    // A fixed segment wins over a parameter, as in Fastify's router: /api/bid-rounds/active, not /{id}.
    this.templates.sort((a, b) => a.params - b.params);
  }

  /** Every operation in the document, as `METHOD /path/{param}`. */
  operations(): string[] {
    return this.templates.map((t) => `${t.method.toUpperCase()} ${t.template}`).sort();
  }

  /** The operations answered at least once with one of `statuses` (e.g. a 2XX or 3XX), or with anything. */
  covered(accept: (status: number) => boolean = () => true): Set<string> {
    return new Set(
      this.calls.flatMap((call) => {
        const [operation = '', status = ''] = call.split(' → ');
        return accept(Number(status)) ? [operation] : [];
      }),
    );
  }

  /** Checks one answer to `method url`; returns what was wrong (also kept in `failures`). */
  check(method: string, url: string, answer: Answer): string[] {
    const path = new URL(url, 'http://x').pathname;
    const found = this.templates.find((t) => t.method === method.toLowerCase() && t.pattern.test(path));
    if (!found) {
      const problem = `${method.toUpperCase()} ${path} → ${answer.status}: no such operation in the document`;
      this.failures.push(problem);
      return [problem];
    }
    const operation = `${found.method.toUpperCase()} ${found.template}`;
    this.calls.push(`${operation} → ${answer.status}`);
    const problems = this.problemsOf(found.method, found.template, answer).map(
      (problem) => `${operation} → ${answer.status}: ${problem}`,
    );
    this.failures.push(...problems);
    return problems;
  }

  private problemsOf(method: string, template: string, answer: Answer): string[] {
    const responses = this.document.paths[template]?.[method as (typeof METHODS)[number]]?.responses ?? {};
    const status = String(answer.status);
    const key = [status, `${status[0]}XX`, 'default'].find((k) => responses[k]);
    if (!key) return [`status not documented (documented: ${Object.keys(responses).join(', ') || 'none'})`];
    const content = responses[key]?.content;
    const mediaType = mediaTypeOf(answer.contentType);
    const hasBody = answer.body === undefined ? mediaType !== undefined : answer.body.length > 0;
    if (!hasBody) return [];
    if (!content || Object.keys(content).length === 0)
      return [`answers a body (${answer.contentType ?? 'no content type'}) the document does not describe`];
    const documented = Object.keys(content).find(
      (type) =>
        type === mediaType ||
        type === '*/*' ||
        (type.endsWith('/*') && mediaType?.startsWith(type.slice(0, -1))),
    );
    if (!documented || !mediaType)
      return [
        `content type ${mediaType ?? 'none'} not documented (documented: ${Object.keys(content).join(', ')})`,
      ];
    if (!isJson(mediaType) || answer.body === undefined || !content[documented]?.schema) return [];
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [`body is not JSON: ${answer.body.slice(0, 80)}`];
    }
    const validate = this.validator(
      pointer('paths', template, method, 'responses', key, 'content', documented, 'schema'),
    );
    return validate(body) ? [] : [`body does not match the document: ${describeErrors(validate.errors)}`];
  }

  private validator(schemaPointer: string): ValidateFunction {
    let validate = this.validators.get(schemaPointer);
    if (!validate) {
      validate = this.ajv.getSchema(`${DOCUMENT_ID}#${schemaPointer}`);
      if (!validate) throw new Error(`no schema at ${schemaPointer}`);
      this.validators.set(schemaPointer, validate);
    }
    return validate;
  }
}

/** The test app, with every answer to `request` checked against the document (helpers go through it too). */
export function checkedApp(t: TestApp, contract: ApiContract): TestApp {
  return {
    ...t,
    request: async (options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse> => {
      const res = await t.request(options);
      contract.check(options.method ?? 'GET', String(options.url ?? options.path ?? '/'), {
        status: res.statusCode,
        contentType: res.headers['content-type']?.toString(),
        body: res.body,
      });
      return res;
    },
  };
}
