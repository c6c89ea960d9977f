/**
 * The layering of shared/DESIGN.md, checked by `npm run lint` (decision 031). This file is the layering's
 * single source of truth: docs/architecture.md describes it, this enforces it. A broken rule fails the lint
 * with the rule's name and the offending import.
 *
 * Server infrastructure = everything in src/server that is not a feature and not the composition root:
 * db, events, hooks, jobs, mail, sms, storage, security, http, demo and the small top-level helpers.
 *
 * The order of the feature folders among themselves (decision 056) is the folder rule of
 * .dependency-cruiser.product.cjs, which takes this file's options and runs over the product code alone.
 */
const infrastructure = '^src/server/(db|events|hooks|jobs|mail|sms|storage|security|http)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment:
        'A cycle means no module in it can be understood, tested or moved on its own. Break it by moving ' +
        'the shared piece down (a type, an interface, a registry), never by hiding the import. Type-only ' +
        'imports count too (tsPreCompilationDeps), so a cycle through `import type` is still a cycle.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'shared-stays-isomorphic',
      comment: 'src/shared runs in the browser and on the server alike, so it may import neither of them.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(client|server)/' },
    },
    {
      name: 'browser-code-without-node-builtins',
      comment:
        'src/shared and src/client run in the browser, where node:crypto, node:fs and Buffer do not exist: ' +
        'the chain check runs on the page /kontroller-budjournal as in `npm run verify-journal` (decision ' +
        '062). Tests (*.test.ts) run in Node only and may use them.',
      severity: 'error',
      from: { path: '^src/(shared|client)/', pathNot: '\\.test\\.tsx?$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'client-not-server',
      comment:
        'The browser bundle must never pull in server code (secrets, node:*, Drizzle). The server renders ' +
        'pages from the built dist/ssr bundle, which it loads at run time, not through an import.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'client-without-the-holiday-calendar',
      comment:
        'The 12:00 rule (shared/rules/viewing-deadline.ts) is worked out on the server, which sends its ' +
        'result in every round view: date-holidays carries every country, far too much for a page.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '(^src/shared/rules/viewing-deadline\\.ts$)|(node_modules/date-holidays)' },
    },
    {
      name: 'server-not-client',
      comment:
        'The server reaches the client only through the build output (dist/client, dist/ssr), so the two ' +
        'can be built, tested and changed apart.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'infrastructure-not-features',
      comment:
        'db, events, hooks, jobs, mail, sms, storage, security and http serve the features; they never import ' +
        'them. A feature that needs to be called back (a job handler, a snapshot reader, a periodic task) ' +
        'registers with the infrastructure from the composition root src/server/app.ts (hooks/ holds what ' +
        'a lower feature calls a higher one through, decision 056). Test files ' +
        '(*.test.ts) are exempt: a test of the session or the mail worker may arrange its state (a user, an ' +
        'upload) through a feature service; no product code is.',
      severity: 'error',
      from: { path: infrastructure, pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/features/' },
    },
    {
      name: 'features-not-composition-root',
      comment:
        'app.ts and main.ts wire everything together; nothing below them may import them back. Test files ' +
        '(*.test.ts) are exempt: they build the app to drive it.',
      severity: 'error',
      from: {
        path: '^src/server/(features|db|events|hooks|jobs|mail|sms|storage|security|http)/',
        pathNot: '\\.test\\.ts$',
      },
      to: { path: '^src/server/(app|main)\\.ts$' },
    },
    {
      name: 'feature-uses-other-features-through-their-service',
      comment:
        'One feature may use another only through its service (or its plain helpers), never its ' +
        "repository: the repository is the feature's private storage, and its rules and access checks live " +
        'in the service. Test files (*.test.ts) are exempt: they may arrange a state through a repository ' +
        'directly. No product import is tolerated: what another feature needs is a service function, or a ' +
        'table-level piece (a column list, an SQL fragment) in db/ (decision 031).',
      severity: 'error',
      from: { path: '^src/server/features/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^src/server/features/([^/]+)/[^/]+\\.repository\\.ts$',
        pathNot: '^src/server/features/$1/',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    // Type-only imports count: a cycle or a layer breach through `import type` couples the modules all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
