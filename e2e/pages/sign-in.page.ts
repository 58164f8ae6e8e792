import type { Page } from '@playwright/test';

/** The sign-in and register page (/auth). */
export class SignInPage {
  constructor(readonly page: Page) {}

  get username() {
    return this.page.getByLabel('Username');
  }

  get password() {
    return this.page.getByLabel('Password', { exact: true });
  }

  get confirmPassword() {
    return this.page.getByLabel('Confirm Password');
  }

  get signInButton() {
    return this.page.getByRole('button', { name: 'Sign in' });
  }

  get registerTab() {
    return this.page.getByRole('tab', { name: 'Register' });
  }

  get createAccountButton() {
    return this.page.getByRole('button', { name: 'Create account' });
  }

  async goto() {
    await this.page.goto('/auth');
  }

  /** Fills the sign-in form and submits it. */
  async signIn(username: string, password: string) {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.signInButton.click();
  }

  /** Switches to the Register tab, fills the form and submits it. */
  async register(username: string, password: string) {
    await this.registerTab.click();
    await this.username.fill(username);
    await this.password.fill(password);
    await this.confirmPassword.fill(password);
    await this.createAccountButton.click();
  }
}
