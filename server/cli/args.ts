/** Tiny argument reader for the npm scripts: `--name value`, `--flag` and positional words. */
export function parseArgs(argv: readonly string[]): { positional: string[]; options: Map<string, string | true> } {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]!;
    if (!word.startsWith('--')) {
      positional.push(word);
      continue;
    }
    const next = argv[index + 1];
    if (next !== undefined && !next.startsWith('--')) {
      options.set(word.slice(2), next);
      index++;
    } else {
      options.set(word.slice(2), true);
    }
  }
  return { positional, options };
}
