// The `test` every spec uses: the project's language and mail folder as options, and an `app`
// helper that speaks in user terms (open a page in the project's language, sign in, sign out).
import { expect, test as base, type Page } from '@playwright/test';
import { exactly, message, type Lang, type MessageParams } from './messages';

export const DEMO_PASSWORD = 'Demo1234!';

/** How long a sign-in may take before the home page shows. */
const SIGN_IN_TIMEOUT_MS = 40_000;

/** The demo accounts the specs use, with the name the account menu shows (server seed). */
export const ACCOUNTS = {
  admin: { email: 'admin@demo.energy', name: 'Ana Morales' },
  analista: { email: 'analista@demo.energy', name: 'Bruno Castillo' },
  supervisor: { email: 'supervisor@demo.energy', name: 'Sara Vega' },
  lector: { email: 'lector@demo.energy', name: 'Lucía Herrera' },
  nuevo: { email: 'nuevo@demo.energy', name: 'Nicolás Ramos' },
  mfa: { email: 'mfa@demo.energy', name: 'Marta Fuentes' },
} as const;
/** An account a spec signs in with: a demo one, or one a spec created. */
export interface Account {
  email: string;
  /** The name the account menu shows (nombre primer_apellido). */
  name: string;
}

export interface E2eOptions {
  lang: Lang;
  /** Where the SMTP sink of this project's server stores the mails it receives. */
  mailDir: string;
}

export class App {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}

  /** The visible text of an i18n key in this project's language. */
  t(key: string, params?: MessageParams): string {
    return message(this.lang, key, params);
  }

  /**
   * A path in this project's language: es-ES is the default, so it needs no parameter (and
   * that default is itself under test); en-US is chosen with `?lang=` as a user would.
   */
  url(path: string): string {
    if (this.lang === 'es-ES') return path;
    return `${path}${path.includes('?') ? '&' : '?'}lang=${this.lang}`;
  }

  async open(path: string): Promise<void> {
    await this.page.goto(this.url(path));
  }

  /** The login form's fields and button, by their accessible names. */
  loginForm() {
    const { page } = this;
    return {
      email: page.getByLabel(this.t('login.username'), { exact: true }),
      password: page.getByLabel(this.t('login.password'), { exact: true }),
      submit: page.getByRole('button', { name: exactly(this.t('login.submit')) }),
    };
  }

  /** Fills and submits the login form at `/`; does not wait for the outcome. */
  async submitLogin(email: string, password = DEMO_PASSWORD): Promise<void> {
    await this.open('/');
    await this.fillLogin(email, password);
  }

  /** Fills and submits the login form already on screen (wherever the visitor was sent to it from). */
  async fillLogin(email: string, password = DEMO_PASSWORD): Promise<void> {
    const form = this.loginForm();
    await form.email.fill(email);
    await form.password.fill(password);
    await form.submit.click();
  }

  /** Signs in and waits for the shell's home page with the user's name in the account menu. */
  async signIn(account: Account, password = DEMO_PASSWORD): Promise<void> {
    await this.submitLogin(account.email, password);
    await this.expectHome(account);
  }

  async expectHome(account: Account): Promise<void> {
    // A sign-in runs SRP in the page and on the server: on two cores shared with the server
    // suites (npm test runs them side by side) it can take well over the default 10 s.
    await expect(this.page).toHaveURL(/\/home$/, { timeout: SIGN_IN_TIMEOUT_MS });
    await expect(this.page.getByRole('heading', { level: 1, name: exactly(this.t('menu.home')) })).toBeVisible();
    await expect(this.accountMenu(account)).toBeVisible();
  }

  accountMenu(account: Account) {
    return this.page.getByRole('banner').getByRole('button', { name: exactly(account.name) });
  }

  async signOut(account: Account): Promise<void> {
    await this.accountMenu(account).click();
    await this.page.getByRole('menuitem', { name: exactly(this.t('shell.signOut')) }).click();
    // Signed out for good (back on the sign-in form) before anyone signs in again.
    await expect(this.loginForm().email).toBeVisible();
  }

  /** The main navigation landmark of the shell (the drawer). */
  navigation() {
    return this.page.getByRole('navigation', { name: exactly(this.t('shell.navigation')) });
  }
}

export const test = base.extend<E2eOptions & { app: App }>({
  lang: ['es-ES', { option: true }],
  mailDir: ['', { option: true }],
  app: async ({ page, lang }, use) => {
    await use(new App(page, lang));
  },
});

export { expect };
