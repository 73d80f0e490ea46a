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
import { ALIASES, ANSWER_TEXTS, ROUTE_TABLE, type RouteRow } from '../../src/router/route-table';
import { ScreenHost } from '../../src/router/ScreenHost';
import { addressFlow } from '../../src/flow/address-flow';
import { loadScreen, type ScreenName } from '../../src/router/screens';
import type { PageScreen } from '../../src/router/scripts-block';
import { PRESS_CALLS } from '../../src/router/press-calls';
import { addDictionary, translate, type Dictionary } from '../../src/i18n/i18n';
import { $locale } from '../../src/i18n/locale';

const dictionaries: Record<Language, Dictionary> = { en, de, it, fr, az };

/** The dotted keys of the texts read since it was last cleared, through `recorded`. */
const read = new Set<string>();

/** The dictionary, noting in `read` the key of each text read from it. */
function recorded(table: Dictionary, prefix = ''): Dictionary {
  return new Proxy(table, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof key !== 'string') return value;
      if (value && typeof value === 'object') return recorded(value as Dictionary, `${prefix}${key}.`);
      read.add(`${prefix}${key}`);
      return value;
    },
  });
}

for (const language of LANGUAGES) addDictionary(language, recorded(dictionaries[language]));

export { LANGUAGES };

export interface Page {
  /** The route pattern the page answers, e.g. /company/$context/terms; undefined for not-found. */
  pattern: string | undefined;
  /**
   * The lazy modules its first view waits for, as the bundle manifest names them: its screen's;
   * when the screen reads the session, the session's guards (src/router/show-screen.tsx); and when
   * a guard may send the visitor on, the router that moves.
   */
  modules: string[];
  /** The lazy modules a press on its form needs before the move it leads to (RouteRow.next). */
  pressed: string[];
  /** The API call a press on its form makes first, sent by the page with a press before the takeover. */
  call?: string;
  /** What its first view needs of its screen's row; none on a page the router fills (the gallery's shell). */
  screen: PageScreen | undefined;
  language: Language;
  title: string;
  markup: string;
  /** The texts of the page's screen in its language; English for every key the language lacks. */
  texts: Dictionary;
  english: Dictionary;
}

/** The texts of `dictionary` at these dotted keys, each a text or a group of them. */
function pick(dictionary: Dictionary, keys: Iterable<string>): Dictionary {
  const picked: Dictionary = {};
  for (const key of keys) {
    const path = key.split('.');
    let from: unknown = dictionary;
    let to = picked;
    path.forEach((part, index) => {
      from = from && typeof from === 'object' ? (from as Dictionary)[part] : undefined;
      if (from === undefined) return;
      if (index === path.length - 1) to[part] = from;
      else to = (to[part] ??= {}) as Dictionary;
    });
  }
  return picked;
}

/**
 * The texts a page carries: those its first view renders, the whole group of each field it renders
 * (the field's errors), the answers' groups, its screen's `page.*` groups and the texts of a form it
 * shows later (RouteRow.formTexts). Any other text comes with the language's whole dictionary
 * (docs/decisions/0014-a-page-carries-its-screen.md).
 */
function firstViewTexts(dictionary: Dictionary, rendered: ReadonlySet<string>, row?: RouteRow): Dictionary {
  const fields = [...rendered].flatMap((key) => (key.startsWith('field.') ? [key.split('.', 2).join('.')] : []));
  const groups = (row?.texts ?? []).map((group) => `page.${group}`);
  return pick(dictionary, [...ANSWER_TEXTS, ...groups, ...(row?.formTexts ?? []), ...fields, ...rendered]);
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

/** The page of a development row (the toolkit's gallery): no markup, the common texts; the router fills it. */
export function shellPage(language: Language): Page {
  return {
    pattern: undefined,
    modules: [],
    pressed: [],
    screen: undefined,
    language,
    title: translate(language, 'app.name'),
    markup: '',
    texts: firstViewTexts(dictionaries[language], new Set()),
    english: englishFor(language),
  };
}

/** What a screen that reads the session waits for (src/router/session-at-hand.ts). */
const SESSION_GUARDS = 'src/router/session-guards.ts';
/** What moves a page on from its first view (src/router/start.tsx). */
const APP_ROUTER = 'src/router/app-router.ts';

/** The lazily loaded calls of a screen whose first view takes presses before they arrive. */
const SCREEN_CALLS: Partial<Record<ScreenName, string>> = { Login: 'src/screens/parts/login-calls.ts' };

/**
 * What a press on a page's form needs that its first view does without: the screen's calls, the
 * router, the language's whole dictionary, the screen of the step it goes on to and, when that
 * step reads the session, the session's guards (src/router/show-screen.tsx waits for each).
 */
function pressedModules(row: RouteRow, language: Language): string[] {
  const next = row.next && ROUTE_TABLE.find((candidate) => candidate.path === row.next);
  if (!next) return [];
  const calls = SCREEN_CALLS[row.screen];
  return [...(calls ? [calls] : []), APP_ROUTER, `locales/${language}.json`, `src/screens/${next.screen}.tsx`, ...(next.sessionless ? [] : [SESSION_GUARDS])];
}

export async function renderPage(row: RouteRow | undefined, language: Language): Promise<Page> {
  $locale.set(language);
  const Screen = await loadScreen(row?.screen ?? 'NotFound');
  const titleKey = row?.titleKey ?? 'title.not-found';
  const flow = addressFlow(row?.path ?? '/', {}, {}, () => {});
  read.clear();
  const markup = renderToString(
    <ScreenHost flow={flow} titleKey={titleKey}>
      <Screen />
    </ScreenHost>,
  );
  return {
    pattern: row?.path,
    // A guard that sends its visitor on moves by the router: asked for with the guards, not once they have run.
    modules: row ? [`src/screens/${row.screen}.tsx`, ...(row.sessionless ? [] : [SESSION_GUARDS]), ...(row.guard ? [APP_ROUTER] : [])] : [],
    pressed: row ? pressedModules(row, language) : [],
    ...(row && PRESS_CALLS[row.screen] ? { call: PRESS_CALLS[row.screen] } : {}),
    screen: row
      ? { screen: row.screen, path: row.path, titleKey, ...(row.guard ? { guard: row.guard } : {}), ...(row.sessionless ? { sessionless: true } : {}) }
      : { screen: 'NotFound', titleKey, sessionless: true },
    language,
    title: translate(language, titleKey),
    markup,
    texts: firstViewTexts(dictionaries[language], new Set(read), row),
    english: englishFor(language),
  };
}

export const ROWS = ROUTE_TABLE;
export { ALIASES };
