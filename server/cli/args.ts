import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * The arguments of an operator command, read strictly (node:util parseArgs): an unknown or
 * mistyped flag (`--include-sensitve`), a flag without its value or a word too many stops the
 * command with a message naming it and the usage, before it does anything. A command that
 * silently ignored a flag would do something else than the operator asked for.
 */
export function readArgs<const TOptions extends Options>(
  argv: readonly string[],
  spec: { options: TOptions; positionals: number; usage: string },
) {
  try {
    const parsed = parseArgs({ args: [...argv], options: spec.options, strict: true, allowPositionals: true });
    const extra = parsed.positionals.slice(spec.positionals);
    if (extra.length > 0) throw new Error(`Unexpected argument '${extra.join(' ')}'.`);
    return parsed;
  } catch (error) {
    // Node's first sentence names the flag; the rest explains `--` escaping, beside the point here.
    const reason = (error as Error).message.split('. ')[0]!.replace(/\.?$/, '.');
    process.stderr.write(`${reason}\n${spec.usage}\n`);
    process.exit(1);
  }
}
