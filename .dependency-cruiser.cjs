/**
 * Layer rules of DESIGN.md §1. `npm run layers` (part of `npm test`) fails on any of them; the test
 * tests/tooling/layers.test.ts shows each rule firing on a deliberately wrong fixture.
 */
const npm = ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain/ imports only domain/ and pure libraries (neverthrow, rrule).',
      severity: 'error',
      from: { path: '^domain/' },
      to: { pathNot: ['^domain/', 'node_modules/(neverthrow|rrule)/'] },
    },
    {
      name: 'application-inward-only',
      comment: 'application/ imports domain/ and application/, and only rxjs, inversify, neverthrow, rrule.',
      severity: 'error',
      from: { path: '^application/' },
      to: { pathNot: ['^(domain|application)/', 'node_modules/(neverthrow|rrule|rxjs|inversify|@inversifyjs)/'] },
    },
    {
      name: 'contract-is-the-wire',
      comment: 'contract/ (the wire schemas shared by server/ and the HTTP adapters) imports domain/, contract/ and zod/mini only.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { pathNot: ['^(domain|contract)/', 'node_modules/(zod|neverthrow|rrule)/'] },
    },
    {
      name: 'contract-zod-mini',
      comment: 'The contract reaches the browser: zod/mini, never the full zod build (its weight would break the bundle budgets).',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: 'node_modules/zod/(index\\.|v4/classic/|v4/index\\.)' },
    },
    {
      name: 'contract-only-for-adapters-and-server',
      comment: 'The wire shapes are known by the HTTP adapters (infrastructure/) and server/ only: use-cases and screens speak domain and application types.',
      severity: 'error',
      from: { path: '^(domain|application|presentation)/' },
      to: { path: '^contract/' },
    },
    {
      name: 'infrastructure-not-outward',
      comment: 'infrastructure/ implements ports; it never imports presentation/, nor server/ (but for the fake backend below).',
      severity: 'error',
      from: { path: '^infrastructure/', pathNot: '^infrastructure/fake-backend/' },
      to: { path: '^(presentation|server)/' },
    },
    {
      name: 'fake-backend-runs-server-core',
      comment: 'infrastructure/fake-backend/ runs the server core in the page: never its Node edge (server/node/, server/main.ts).',
      severity: 'error',
      from: { path: '^infrastructure/fake-backend/' },
      to: { path: ['^presentation/', '^server/node/', '^server/main\\.ts$'] },
    },
    {
      name: 'presentation-not-adapters',
      comment: 'presentation/ reaches adapters only through ports; presentation/main.tsx alone imports the composition root.',
      severity: 'error',
      from: { path: '^presentation/', pathNot: '^presentation/main\\.tsx$' },
      to: { path: ['^infrastructure/', '^server/', 'node_modules/(hono|kysely|@electric-sql|pg|@node-rs|inversify|i18next)/'] },
    },
    {
      name: 'presentation-offers-from-use-cases',
      comment: "What a screen offers for the user's rights is decided by the use-cases (application/<area>/offers.ts, a desk's offers): presentation/ renders it and never reads the permissions itself.",
      severity: 'error',
      from: { path: '^presentation/' },
      to: { path: '^domain/auth/permissions\\.ts$' },
    },
    {
      name: 'main-only-composition-root',
      comment: 'presentation/main.tsx may import the composition root and nothing else of infrastructure/.',
      severity: 'error',
      from: { path: '^presentation/main\\.tsx$' },
      to: { path: '^infrastructure/', pathNot: '^infrastructure/composition/' },
    },
    {
      name: 'server-own-world',
      comment: 'server/ imports domain/, server/ and locales/ (its messages), never the browser layers.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(application|infrastructure|presentation)/' },
    },
    {
      name: 'server-core-web-standard',
      comment: 'The server core runs in Node and in the browser: Node built-ins only at its edge (server/node/, server/main.ts).',
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/node/', '^server/main\\.ts$'] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-core-no-node-packages',
      comment: 'Node-only packages (native argon2, pg, the Node HTTP adapter) belong to the server edge too.',
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/node/', '^server/main\\.ts$'] },
      to: { path: 'node_modules/(pg|pg-[a-z-]+|@node-rs|@hono/node-server)/' },
    },
    {
      name: 'browser-layers-no-node',
      comment: 'Code that runs in the browser does not import Node built-ins.',
      severity: 'error',
      from: { path: '^(domain|application|infrastructure|presentation)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { dependencyTypes: npm },
    exclude: { path: '^(dist|data|\\.cache|node_modules/\\.cache)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
