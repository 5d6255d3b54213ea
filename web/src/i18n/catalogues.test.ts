// The English and Hindi catalogues hold the same keys, with the same
// placeholders (Hindi may drop one), and every Hindi text is a translation (not the English left in),
// except for the few values that are the same in both languages.
import sameInHindi from './same-in-hindi.json';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

function catalogue(language: string): Record<string, Tree> {
  const out: Record<string, Tree> = {};
  for (const [path, tree] of Object.entries(files)) {
    const match = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match && match[1] === language) out[match[2]] = tree;
  }
  return out;
}

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[name] = value;
    else Object.assign(out, flatten(value, name));
  }
  return out;
}

const en = catalogue('en');
const hi = catalogue('hi');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('translation catalogues', () => {
  it('has the same namespaces in English and Hindi, twoFactor included', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en)).toEqual(expect.arrayContaining(['common', 'errors', 'twoFactor']));
  });

  it.each(Object.keys(en).sort())('%s: every English key is in Hindi and the other way round', (ns) => {
    const english = Object.keys(flatten(en[ns])).sort();
    const hindi = Object.keys(flatten(hi[ns] ?? {})).sort();
    expect({ missingInHindi: english.filter((k) => !hindi.includes(k)), missingInEnglish: hindi.filter((k) => !english.includes(k)) }).toEqual({
      missingInHindi: [],
      missingInEnglish: [],
    });
  });

  it.each(Object.keys(en).sort())('%s: Hindi texts are translated and keep the placeholders', (ns) => {
    const english = flatten(en[ns]);
    const hindi = flatten(hi[ns] ?? {});
    const allowed = new Set(sameInHindi.values);
    const untranslated = Object.entries(hindi)
      .filter(([key, text]) => text === english[key] && !allowed.has(text))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
    // Hindi may leave one out (an English plural ending), never invent one.
    const wrongPlaceholders = Object.entries(hindi)
      .filter(([key, text]) => key in english && placeholders(text).some((name) => !placeholders(english[key]).includes(name)))
      .map(([key]) => key);
    expect(wrongPlaceholders).toEqual([]);
    const empty = Object.entries(hindi).filter(([, text]) => !text.trim()).map(([key]) => key);
    expect(empty).toEqual([]);
  });
});
