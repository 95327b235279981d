// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Imports a layer may not make (DESIGN.md §1); dependency-cruiser checks the same in `npm run layers`. */
const layerBans = {
  domain: ['**/application/**', '**/contract/**', '**/infrastructure/**', '**/presentation/**', '**/server/**', 'react', 'react-dom', 'rxjs', 'inversify', 'i18next', 'react-i18next', 'wouter', 'hono', 'kysely'],
  application: ['**/contract/**', '**/infrastructure/**', '**/presentation/**', '**/server/**', 'react', 'react-dom', 'i18next', 'react-i18next', 'wouter', 'hono', 'kysely'],
  infrastructure: ['**/presentation/**', '**/server/**', 'react', 'react-dom', 'react-i18next', 'wouter'],
  contract: ['**/application/**', '**/infrastructure/**', '**/presentation/**', '**/server/**', 'react', 'react-dom', 'rxjs', 'inversify', 'i18next', 'react-i18next', 'wouter', 'hono', 'kysely'],
  presentation: ['**/contract/**', '**/infrastructure/**', '**/server/**', '**/domain/auth/permissions', 'hono', 'kysely', 'i18next', 'inversify'],
  server: ['**/application/**', '**/infrastructure/**', '**/presentation/**', 'react', 'react-dom', 'rxjs', 'inversify', 'wouter'],
};

export default tseslint.config(
  { ignores: ['.dependency-cruiser.cjs', 'dist/**', 'data/**', '.cache/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'tests/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.tsx', 'presentation/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Text a user typed (a client's name, notes) is always shown as text, never parsed as HTML: no
    // dangerouslySetInnerHTML (react/no-danger) and no writing HTML into the DOM by hand. An SVG (the
    // two-factor QR code) goes in as an <img src="data:image/svg+xml;…">, where it cannot run script.
    files: ['**/*.tsx', 'presentation/**/*.ts', 'application/**/*.ts', 'infrastructure/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Show text as text: dangerouslySetInnerHTML can run script stored in a record.' },
        { selector: "Property[key.name='dangerouslySetInnerHTML']", message: 'Show text as text: dangerouslySetInnerHTML can run script stored in a record.' },
        { selector: "AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]", message: 'Show text as text (textContent), never HTML built from data.' },
        { selector: "CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment)$/]", message: 'Show text as text (textContent), never HTML built from data.' },
        { selector: "CallExpression[callee.object.name='document'][callee.property.name=/^(write|writeln)$/]", message: 'Show text as text (textContent), never HTML built from data.' },
      ],
    },
  },
  ...Object.entries(layerBans).map(([layer, patterns]) => ({
    files: [`${layer}/**/*.{ts,tsx}`],
    ignores: layer === 'presentation' ? ['presentation/main.tsx'] : layer === 'infrastructure' ? ['infrastructure/fake-backend/**'] : [],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: patterns, message: `The ${layer} layer may not import this (DESIGN.md §1).` }] }] },
  })),
  {
    files: ['infrastructure/fake-backend/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/presentation/**', '**/server/node/**', '**/server/main'], message: 'The in-page backend runs the server core only (DESIGN.md §5).' }] },
      ],
    },
  },
  {
    files: ['server/main.ts', 'scripts/**', 'tests/**', 'server/node/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
