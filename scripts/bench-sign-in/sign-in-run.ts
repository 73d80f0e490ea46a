/**
 * One measured sign-in, as a person does it and the same way on both sides: open the first page;
 * once the e-mail field is shown, click it, type and press Enter at once; once the password field is
 * shown, the same; once the code field is shown (TOTP), the same with the code; done when the
 * browser requests the app's page. Cold: a new browser context, its HTTP cache empty. Warm: in one
 * context, an unmeasured sign-in first fills the cache; then cookies and storage go, but for the
 * skip-MFA cookie, and the measured sign-in starts in a new tab, as a person coming back would.
 *
 * The clocks: a press is timed in Node (Date.now() just before the key is sent), a field shown by
 * the page (probe.ts), the app's request by the browser or the proxy (engine.ts). All three read
 * the machine's wall clock, so a step is the difference of two of them.
 */
import { skipMfaCookieAttributes, skipMfaCookieName } from '../../src/session/cookies';
import { SLOW_4G, type Sent } from './conditions';
import type { BenchSession, BenchTab } from './engine';
import type { Field, Report } from './probe';
import type { Timeline } from './report';

export type Scenario = 'password' | 'totp';
export type Cache = 'cold' | 'warm';

export interface Side {
  name: string;
  /** The origin its pages are on: storage is cleared there between the warm-up and the measure. */
  origin: string;
  /** The first page of the sign-in. */
  start(scenario: Scenario): string;
}

export interface SignInAs {
  email: string;
  password: string;
  /** The code to type on the code step, when there is one. */
  code?: () => Promise<string>;
}

export interface Measured {
  timeline: Timeline;
  /** What the tab requested from the password's Enter to the app's page, that one included. */
  afterPassword: Sent[];
}

/** How long one step may take before the run is given up, with what the page showed. */
const STEP_TIMEOUT_MS = 60_000;
/** How long typed text may take to reach its field. */
const TYPING_TIMEOUT_MS = 10_000;

async function within<T>(tab: BenchTab, what: string, waiting: Promise<T>, timeout = STEP_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeout)));
  try {
    const outcome = await Promise.race([waiting, late]);
    if (outcome !== 'late') return outcome;
  } finally {
    clearTimeout(timer);
  }
  const text = await tab.text().catch(() => '');
  throw new Error(`No ${what} within ${timeout / 1000} s on ${tab.url()}; the page said: ${text.replace(/\s+/g, ' ').slice(0, 300)}`);
}

/**
 * The network emulation must hold on every document of the tab: each request since the e-mail's
 * Enter that the network answered waited at least the emulated latency for it.
 */
function assertThrottled(requests: readonly Sent[], page: string): void {
  const answered = requests.filter((request) => !request.fromCache && request.waited !== undefined && /^https?:/.test(request.url));
  const quick = answered.find((request) => (request.waited ?? 0) < SLOW_4G.latency);
  if (answered.length === 0 || quick) {
    throw new Error(
      `The network emulation was not in effect on ${page}: ` +
        (quick ? `${quick.method} ${quick.url} was answered in ${quick.waited?.toFixed(0)} ms.` : 'no request went to the network after the e-mail.'),
    );
  }
}

/** Types as a person does, and the same on both sides: a click on the field where the probe saw it, then the text. */
async function typeInto(tab: BenchTab, field: Report, text: string, keyByKey = false): Promise<void> {
  const from = tab.reports.entries.length;
  await tab.click(field.x, field.y);
  await tab.type(text, keyByKey);
  const typed = tab.reports.first(from, (report) => report.field === field.field && report.event === 'typed');
  await within(tab, `input into the ${field.field} field after a click at (${field.x.toFixed(0)}, ${field.y.toFixed(0)})`, typed, TYPING_TIMEOUT_MS);
}

async function signIn(tab: BenchTab, start: string, person: SignInAs, appOrigin: string): Promise<Measured> {
  const { requests, reports } = tab;
  // Each wait takes the reports from the moment before the action that brings its field on.
  const shown = (field: Field, from: number) =>
    within(
      tab,
      `${field} field`,
      reports.first(from, (report) => report.field === field && report.event === 'shown'),
    );
  const press = async () => {
    const at = Date.now();
    await tab.pressEnter();
    return at;
  };

  let from = reports.entries.length;
  const opened = Date.now();
  await tab.open(start);
  const emailField = await shown('email', from);
  await typeInto(tab, emailField, person.email);

  const sinceEmail = requests.entries.length;
  from = reports.entries.length;
  const emailEntered = await press();
  const passwordField = await shown('password', from);
  await typeInto(tab, passwordField, person.password);

  const sincePassword = requests.entries.length;
  from = reports.entries.length;
  const passwordEntered = await press();
  let code: Pick<Timeline, 'codeShown' | 'codeEntered'> = {};
  if (person.code) {
    const codeField = await shown('code', from);
    // The six digits key by key, as a person types them.
    await typeInto(tab, codeField, await person.code(), true);
    code = { codeShown: codeField.at, codeEntered: await press() };
  }
  const app = await within(
    tab,
    "request of the app's page",
    requests.first(sincePassword, (request) => request.type === 'Document' && new URL(request.url).origin === appOrigin),
  );
  const afterPassword = requests.entries.slice(sincePassword, requests.entries.indexOf(app) + 1);
  assertThrottled(requests.entries.slice(sinceEmail, requests.entries.indexOf(app)), start);
  const timeline = { opened, emailShown: emailField.at, emailEntered, passwordShown: passwordField.at, passwordEntered, ...code, appRequested: app.at };
  return { timeline, afterPassword };
}

/** The cookie of a user who chose "Skip" on the MFA setup today (flows 4.4), as the app writes it. */
async function addSkipMfaCookie(session: BenchSession, frontDoor: string, userId: string): Promise<void> {
  const name = skipMfaCookieName(userId);
  if (!name) throw new Error(`No skip-MFA cookie can name the user ${userId}.`);
  // The app's cookie lasts to the end of the day; counted from an hour ahead, a run over midnight
  // keeps it. Set for the front door's URL, it is its host's alone and on path /, as the app's is.
  const { expires, secure } = skipMfaCookieAttributes(Date.now() + 3600_000);
  await session.addCookie({ name, value: 'true', url: `${frontDoor}/`, secure, expires });
}

export interface Run {
  side: Side;
  scenario: Scenario;
  cache: Cache;
  /** The person of the measured sign-in, and of the warm-up before it (warm cache). */
  person: SignInAs;
  warmUp?: SignInAs;
  frontDoor: string;
  skipMfaUser: string;
  appOrigin: string;
  /** Where to write a trace of the measured sign-in (BENCH_TRACE_DIR), where the engine can. */
  trace?: string;
}

/** One sign-in in a session of its own, its HTTP cache cold, or warmed by a sign-in before it. */
export async function measure(session: BenchSession, run: Run): Promise<Measured> {
  try {
    await addSkipMfaCookie(session, run.frontDoor, run.skipMfaUser);
    const start = run.side.start(run.scenario);
    if (run.cache === 'warm') {
      if (!run.warmUp) throw new Error('A warm-cache run needs a sign-in to warm the cache with.');
      const first = await session.newTab();
      await signIn(first, start, run.warmUp, run.appOrigin);
      await first.close();
    }
    const tab = await session.newTab();
    if (run.cache === 'warm') {
      await session.forget(run.side.origin, tab);
      await addSkipMfaCookie(session, run.frontDoor, run.skipMfaUser);
    }
    const signingIn = () => signIn(tab, start, run.person, run.appOrigin);
    return run.trace && session.traced ? await session.traced(tab, run.trace, signingIn) : await signingIn();
  } finally {
    await session.close();
  }
}
