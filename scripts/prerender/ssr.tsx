/**
 * The server side of the prerender step: each screen's first view as HTML, with the same
 * components as the browser (scripts/prerender.ts bundles this file for Node with preact/compat
 * as `react` and renders it with Preact's server renderer).
 */
import { renderToString } from 'preact-render-to-string';
import en from '../../locales/en.json';
import de from '../../locales/de.json';
import it from '../../locales/it.json';
import fr from '../../locales/fr.json';
import az from '../../locales/az.json';
import { LANGUAGES, type Language } from '../../rules/languages';
import { ALIASES, COMMON_TEXTS, ROUTER_ONLY_PATHS, ROUTE_TABLE, type PageTexts, type RouteRow } from '../../src/flow/route-table';
import { FirstView } from '../../src/flow/FirstView';
import { staticFlow } from '../../src/flow/static-flow';
import { loadScreen } from '../../src/flow/screens';
import type { PageScreen } from '../../src/first-view/scripts-block';
import { addTexts, translate, type Dictionary } from '../../src/i18n/i18n';
import { $locale } from '../../src/stores/locale';

const dictionaries: Record<Language, Dictionary> = { en, de, it, fr, az };
for (const language of LANGUAGES) addTexts(language, dictionaries[language]);

export { LANGUAGES };

export interface Page {
  /** The route pattern the page answers, e.g. /company/$context/terms; undefined for not-found. */
  pattern: string | undefined;
  /** The lazy module of its screen, as the bundle manifest names it. */
  module: string | undefined;
  /** What its first view needs of its screen's row; none on a page only the router shows. */
  screen: PageScreen | undefined;
  language: Language;
  title: string;
  markup: string;
  /** The texts of the page's screen in its language; English for every key the language lacks. */
  texts: Dictionary;
  english: Dictionary;
}

/**
 * The texts a page carries: the common groups and the `page.*` groups of its screen. A move to
 * another screen loads the language's whole dictionary if it needs more
 * (docs/decisions/0014-a-page-carries-its-screen.md).
 */
function screenTexts(dictionary: Dictionary, groups: readonly PageTexts[]): Dictionary {
  const pages = (dictionary.page ?? {}) as Dictionary;
  return {
    ...Object.fromEntries(COMMON_TEXTS.filter((group) => group in dictionary).map((group) => [group, dictionary[group]])),
    page: Object.fromEntries(Object.entries(pages).filter(([group]) => (groups as readonly string[]).includes(group))),
  };
}

/** What `english` lacks in `texts`: the keys a language leaves to English (flows 9: Italian migration texts). */
function missingIn(texts: Dictionary, english: Dictionary): Dictionary {
  const missing: Dictionary = {};
  for (const [key, value] of Object.entries(english)) {
    if (value && typeof value === 'object') {
      const nested = missingIn((texts[key] ?? {}) as Dictionary, value as Dictionary);
      if (Object.keys(nested).length > 0) missing[key] = nested;
    } else if (!(key in texts)) missing[key] = value;
  }
  return missing;
}

/**
 * English for what a language lacks in its whole dictionary (flows 9: Italian migration texts), so
 * the fallback holds on every screen the page moves to, not only the page's own.
 */
const englishFor = (language: Language): Dictionary => (language === 'en' ? {} : missingIn(dictionaries[language], en));

/** The page of a path the router shows on its own: no markup, the common texts, the router's script. */
export function shellPage(language: Language): Page {
  return {
    pattern: undefined,
    module: 'src/app.tsx',
    screen: undefined,
    language,
    title: translate(language, 'app.name'),
    markup: '',
    texts: screenTexts(dictionaries[language], []),
    english: englishFor(language),
  };
}

export async function renderPage(row: RouteRow | undefined, language: Language): Promise<Page> {
  $locale.set(language);
  const Screen = await loadScreen(row?.screen ?? 'NotFound');
  const titleKey = row?.titleKey ?? 'title.not-found';
  const flow = staticFlow(row?.path ?? '/', {}, {}, () => {});
  const markup = renderToString(
    <FirstView flow={flow} titleKey={titleKey}>
      <Screen />
    </FirstView>,
  );
  return {
    pattern: row?.path,
    module: row ? `src/screens/${row.screen}.tsx` : undefined,
    screen: row
      ? { screen: row.screen, path: row.path, titleKey, ...(row.guard ? { guard: row.guard } : {}), ...(row.sessionless ? { sessionless: true } : {}) }
      : { screen: 'NotFound', titleKey },
    language,
    title: translate(language, titleKey),
    markup,
    texts: screenTexts(dictionaries[language], row?.texts ?? []),
    english: englishFor(language),
  };
}

export const ROWS = ROUTE_TABLE;
export { ALIASES, ROUTER_ONLY_PATHS };
