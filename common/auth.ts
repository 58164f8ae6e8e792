import { z } from 'zod';
import { limits } from './limits';
import { normalizeUsername, usernameProblem } from './username';

export const usernameField = z
  .string({ error: 'Username is required' })
  // One form for look-alike compatibility characters, at sign-in as at registration (common/username.ts).
  .overwrite(normalizeUsername)
  .trim()
  .min(limits.usernameMin, 'Username must be at least 3 characters')
  .max(limits.usernameMax, `Username must be at most ${limits.usernameMax} characters`)
  .regex(/^[^\s\u0000-\u001f\u007f]+$/u, 'Username may not contain spaces or control characters');

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(limits.passwordMin, 'Password must be at least 6 characters')
  .max(limits.passwordMax, `Password must be at most ${limits.passwordMax} characters`);

export const loginBody = z.object({ username: usernameField, password: passwordField });
export type LoginBody = z.infer<typeof loginBody>;

/** A new name must also be one people can tell apart; sign-in accepts any existing name. */
export const newUsernameField = usernameField.superRefine((name, ctx) => {
  const problem = usernameProblem(name);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const registerBody = z.object({ username: newUsernameField, password: passwordField });
export type RegisterBody = z.infer<typeof registerBody>;

/** The client-side register form adds confirmPassword, which is never sent. */
export const registerForm = z
  .object({ username: newUsernameField, password: passwordField, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerForm>;

export const publicUser = z.object({ id: z.number().int(), username: z.string() });
export type PublicUser = z.infer<typeof publicUser>;
