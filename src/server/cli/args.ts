// The one way the command-line tools (`npm run orders | files | prices | staff`, docs/architecture.md,
// the module map) read their arguments: a tool describes its commands, their arguments and options
// once; from that description come its `--help`, its parsing (Node's util.parseArgs) and the same
// refusal for every mistake: what is wrong, named, then the usage, on stderr, exit code 2.
// Then the tool runs, and what it throws is reported the same way everywhere: exit 1.
import { parseArgs } from 'node:util';
import { ConfigError } from '../config.js';

export interface CliOption {
  readonly type: 'string' | 'boolean';
  /** How a string option's value is shown in the usage: `N`, `en|fr`. */
  readonly value?: string;
  readonly help: string;
}

export interface CliCommand {
  /** Its positional arguments in order: `NAME` is required, `[NAME]` may be left out (after the required ones). */
  readonly args?: readonly string[];
  readonly options?: Readonly<Record<string, CliOption>>;
  /** What it does: one line, or several. */
  readonly help: string | readonly string[];
}

export interface CliTool {
  /** How it is run: `npm run staff`. */
  readonly name: string;
  readonly commands: Readonly<Record<string, CliCommand>>;
  /** Lines after the options: the environment variables it reads, say. */
  readonly notes?: readonly string[];
}

type ArgValues<C> = C extends { readonly args: infer A extends readonly string[] }
  ? { -readonly [I in keyof A]: A[I] extends `[${string}]` ? string | undefined : string }
  : [];
type OptionValues<C> = C extends { readonly options: infer O }
  ? { -readonly [K in keyof O]?: O[K] extends { readonly type: 'boolean' } ? boolean : string }
  : Record<never, never>;

/** One command as the tool's description names it, with its arguments and the options given. */
export type Invocation<T extends CliTool> = {
  [C in keyof T['commands'] & string]: {
    command: C;
    args: ArgValues<T['commands'][C]>;
    options: OptionValues<T['commands'][C]>;
  };
}[keyof T['commands'] & string];

/** A mistake in the arguments a tool finds after parsing (a value it cannot take): exit 2, with the usage. */
export class UsageError extends Error {}

/** A refusal the operator can act on: its message alone is printed, exit 1. */
export class CliError extends Error {}

const HELP: CliOption = { type: 'boolean', help: 'show this help' };
/** Where the descriptions start; a longer left side puts its description on the lines below. */
const COLUMN = 32;

function synopsis(name: string, command: CliCommand): string {
  const options = Object.entries(command.options ?? {}).map(
    ([option, o]) => `[--${option}${o.value === undefined ? '' : ` ${o.value}`}]`,
  );
  return [name, ...(command.args ?? []), ...options].join(' ');
}

function row(left: string, help: string | readonly string[]): string[] {
  const lines = typeof help === 'string' ? [help] : [...help];
  const pad = (text: string) => text.padEnd(COLUMN);
  if (left.length >= COLUMN - 1) return [left, ...lines.map((l) => pad('') + l)];
  return lines.map((l, i) => pad(i === 0 ? left : '') + l);
}

/** The text `--help` prints, and every refusal after its reason. */
export function usage(tool: CliTool): string {
  const lines = [`Usage: ${tool.name} -- <command> [options]`, '', 'Commands:'];
  for (const [name, command] of Object.entries(tool.commands)) {
    lines.push(...row(`  ${synopsis(name, command)}`, command.help));
    for (const [option, o] of Object.entries(command.options ?? {})) {
      lines.push(...row(`      --${option}${o.value === undefined ? '' : ` ${o.value}`}`, o.help));
    }
  }
  lines.push('', 'Options:', ...row('  -h, --help', HELP.help));
  if (tool.notes?.length) lines.push('', ...tool.notes);
  return lines.join('\n');
}

export type ParsedCommandLine<T extends CliTool> =
  { kind: 'help' } | { kind: 'mistake'; message: string } | ({ kind: 'run' } & Invocation<T>);

/**
 * Reads argv (without node and the script) as `<command> ARGS [options]`, options anywhere, as
 * `--name value` or `--name=value`; `--` ends the options. `-h` or `--help` anywhere asks for help.
 */
export function parseCommandLine<T extends CliTool>(tool: T, argv: readonly string[]): ParsedCommandLine<T> {
  // Every command's options at once, so that util.parseArgs knows which of them take a value
  // before the command is known; whether the command takes the option is checked below.
  const known: Record<string, CliOption & { short?: string }> = { help: { ...HELP, short: 'h' } };
  for (const command of Object.values(tool.commands)) {
    for (const [name, option] of Object.entries(command.options ?? {})) {
      if (known[name] && known[name].type !== option.type) throw new Error(`--${name} has two types in ${tool.name}`);
      known[name] = option;
    }
  }
  // Not strict: the tokens name each mistake, and the messages below are the tools' own.
  const { tokens } = parseArgs({
    args: [...argv],
    options: known,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  if (tokens.some((t) => t.kind === 'option' && t.name === 'help')) return { kind: 'help' };

  const positionals = tokens.flatMap((t) => (t.kind === 'positional' ? [t.value] : []));
  const [name, ...args] = positionals;
  if (name === undefined) return { kind: 'mistake', message: 'missing command' };
  const command = Object.hasOwn(tool.commands, name) ? tool.commands[name] : undefined;
  if (!command) return { kind: 'mistake', message: `unknown command "${name}"` };

  const options: Record<string, string | boolean> = {};
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const option = Object.hasOwn(command.options ?? {}, token.name) ? command.options![token.name] : undefined;
    if (!option) {
      const message = known[token.name]
        ? `unknown option ${token.rawName} for ${name}`
        : `unknown option ${token.rawName}`;
      return { kind: 'mistake', message };
    }
    if (option.type === 'boolean') {
      if (token.value !== undefined) return { kind: 'mistake', message: `${token.rawName} takes no value` };
      options[token.name] = true;
      continue;
    }
    // As util.parseArgs in strict mode: `--lang --role owner` is a --lang without its value.
    const value = token.value;
    if (!value || (token.inlineValue === false && value.startsWith('-'))) {
      return { kind: 'mistake', message: `missing value for ${token.rawName}` };
    }
    if (token.name in options) return { kind: 'mistake', message: `${token.rawName} given twice` };
    options[token.name] = value;
  }

  const expected = command.args ?? [];
  const required = expected.filter((a) => !a.startsWith('['));
  const absent = required.find((_, i) => !args[i]);
  if (absent !== undefined) return { kind: 'mistake', message: `missing ${absent} for ${name}` };
  if (args.length > expected.length) {
    return { kind: 'mistake', message: `unexpected argument "${args[expected.length]}" for ${name}` };
  }
  // The types of args and options follow the description, which the checks above enforce.
  return { kind: 'run', command: name, args, options } as ParsedCommandLine<T>;
}

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs a tool: its help, or its refusal of the arguments (exit 2), or `main` with them. What main
 * throws is printed as its message when it is a CliError, a ConfigError or one of `shown` (the
 * domain's own refusals), else as `Failed: …`; either way exit 1. Main returns the exit code.
 */
export function runTool<T extends CliTool>(
  tool: T,
  main: (invocation: Invocation<T>) => Promise<number>,
  shown: readonly ErrorClass[] = [],
): void {
  const refuse = (message: string): never => {
    console.error(`${tool.name}: ${message}\n\n${usage(tool)}`);
    process.exit(2);
  };
  const parsed = parseCommandLine(tool, process.argv.slice(2));
  if (parsed.kind === 'help') {
    console.log(usage(tool));
    process.exit(0);
  }
  if (parsed.kind === 'mistake') return refuse(parsed.message);
  main(parsed).then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (err instanceof UsageError) return refuse(err.message);
      const plain = [CliError, ConfigError, ...shown].some((kind) => err instanceof kind);
      console.error(plain ? (err as Error).message : `Failed: ${(err as Error).message}`);
      process.exit(1);
    },
  );
}
