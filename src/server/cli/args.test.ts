// The command-line tools' one parser (args.ts), without starting a tool: what each command line
// comes to, and the usage text made from a tool's description.
import { describe, expect, it } from 'vitest';
import { parseCommandLine, usage, type CliTool } from './args.js';

const TOOL = {
  name: 'npm run demo',
  commands: {
    send: {
      args: ['TO', '[FILE]'],
      options: {
        yes: { type: 'boolean', help: 'without asking' },
        lang: { type: 'string', value: 'en|fr', help: 'in that language' },
      },
      help: ['send a file', 'to someone'],
    },
    'list-all-of-the-things-at-once': { help: 'list' },
  },
  notes: ['DEMO_TOKEN is read from the environment.'],
} as const satisfies CliTool;

const parse = (...argv: string[]) => parseCommandLine(TOOL, argv);
const mistake = (message: string) => ({ kind: 'mistake', message });

describe('parseCommandLine', () => {
  it('reads the command, its arguments and its options, wherever the options stand', () => {
    expect(parse('send', 'ada@shop.ca')).toEqual({ kind: 'run', command: 'send', args: ['ada@shop.ca'], options: {} });
    expect(parse('--lang', 'fr', 'send', '--yes', 'ada@shop.ca', 'a.pdf')).toEqual({
      kind: 'run',
      command: 'send',
      args: ['ada@shop.ca', 'a.pdf'],
      options: { yes: true, lang: 'fr' },
    });
    expect(parse('send', '--lang=en', 'ada@shop.ca')).toMatchObject({ options: { lang: 'en' } });
    // After `--`, what looks like an option is an argument.
    expect(parse('send', 'ada@shop.ca', '--', '--yes')).toMatchObject({ args: ['ada@shop.ca', '--yes'], options: {} });
    expect(parse('list-all-of-the-things-at-once')).toMatchObject({ command: 'list-all-of-the-things-at-once' });
  });

  it('asks for help on -h or --help anywhere, before any mistake', () => {
    for (const argv of [['--help'], ['-h'], ['send', '-h'], ['nonsense', '--bogus', '--help']]) {
      expect(parse(...argv), argv.join(' ')).toEqual({ kind: 'help' });
    }
  });

  it('names each mistake', () => {
    expect(parse()).toEqual(mistake('missing command'));
    expect(parse('--yes')).toEqual(mistake('missing command'));
    expect(parse('receive')).toEqual(mistake('unknown command "receive"'));
    expect(parse('toString')).toEqual(mistake('unknown command "toString"'));
    expect(parse('send', 'a', '--bogus')).toEqual(mistake('unknown option --bogus'));
    expect(parse('send', 'a', '-x')).toEqual(mistake('unknown option -x'));
    expect(parse('list-all-of-the-things-at-once', '--yes')).toEqual(
      mistake('unknown option --yes for list-all-of-the-things-at-once'),
    );
    expect(parse('send')).toEqual(mistake('missing TO for send'));
    expect(parse('send', '')).toEqual(mistake('missing TO for send'));
    expect(parse('send', 'a', 'b', 'c')).toEqual(mistake('unexpected argument "c" for send'));
    expect(parse('send', 'a', '--yes=no')).toEqual(mistake('--yes takes no value'));
    expect(parse('send', 'a', '--lang')).toEqual(mistake('missing value for --lang'));
    expect(parse('send', 'a', '--lang=')).toEqual(mistake('missing value for --lang'));
    expect(parse('send', 'a', '--lang', '--yes')).toEqual(mistake('missing value for --lang'));
    expect(parse('send', 'a', '--lang=fr', '--lang', 'en')).toEqual(mistake('--lang given twice'));
  });

  it('refuses a description in which two commands give one option two types', () => {
    const twoTypes = {
      name: 'npm run bad',
      commands: {
        a: { options: { x: { type: 'string', help: '' } }, help: '' },
        b: { options: { x: { type: 'boolean', help: '' } }, help: '' },
      },
    } as const satisfies CliTool;
    expect(() => parseCommandLine(twoTypes, ['a'])).toThrow('--x has two types in npm run bad');
  });
});

describe('usage', () => {
  it('lists every command with its arguments and options, the help option and the notes', () => {
    expect(usage(TOOL)).toBe(
      [
        'Usage: npm run demo -- <command> [options]',
        '',
        'Commands:',
        '  send TO [FILE] [--yes] [--lang en|fr]',
        '                                send a file',
        '                                to someone',
        '      --yes                     without asking',
        '      --lang en|fr              in that language',
        '  list-all-of-the-things-at-once',
        '                                list',
        '',
        'Options:',
        '  -h, --help                    show this help',
        '',
        'DEMO_TOKEN is read from the environment.',
      ].join('\n'),
    );
  });
});
