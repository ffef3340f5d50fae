// @ts-check
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * One lint for the whole project, with type information (typescript-eslint's type-checked rules
 * find floating promises and unsafe anys the compiler lets through), React's hook rules for the
 * views and jsx-a11y for what screen-reader users meet. Formatting is Prettier's alone.
 */
export default tseslint.config(
  { ignores: ['dist/', 'build/', 'data/', 'test/artifacts/', 'src/catalogue/data/*.json', 'node_modules/', 'reports/', '.stryker-tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      // The code base marks what it leaves unused on purpose with a leading underscore: the rest of
      // an object without one key (`{ host: _host, ...sent }`), a parameter a signature requires.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A named region that scrolls (a wide table at 390 px) takes the focus, so a keyboard can scroll it.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
);
