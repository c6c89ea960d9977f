/**
 * The rule about feature folders, over the product code alone (decision 056). It lives beside
 * .dependency-cruiser.cjs, whose options it takes, because it needs a cruise without the tests:
 * dependency-cruiser derives a folder's dependencies from every module it cruises, and a folder rule cannot
 * leave some modules out. Tests (*.test.ts) may cross between features to arrange a state (a test of account
 * deletion places bids), so their imports would make folder cycles the product does not have.
 *
 * `npm run lint` runs it through scripts/feature-order.ts, which names one importing file each way of a
 * cycle and prints the order of the folders; `npx depcruise src --config .dependency-cruiser.product.cjs`
 * runs the bare rule.
 */
const layering = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-folders-one-way',
      comment:
        'Each server feature folder, taken as one node (scope: folder), may depend on another only if that ' +
        'one does not depend back on it, directly or through others: the folders have an order, lowest ' +
        'first, and no file cycle is needed for a folder cycle. Break one by moving the shared piece down ' +
        '(to a lower folder, db/ or src/shared) or by letting the higher feature register what it does ' +
        'with infrastructure from app.ts (the account-deletion and round-closing hooks in src/server/hooks).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/server/features/[^/]+' },
      to: { path: '^src/server/features/[^/]+', circular: true },
    },
  ],
  options: {
    ...layering.options,
    exclude: { path: `${layering.options.exclude.path}|\\.test\\.tsx?$` },
  },
};
