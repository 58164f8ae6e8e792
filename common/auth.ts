import { z } from 'zod';
import { limits } from './limits';

export const usernameField = z
  .string({ error: 'Username is required' })
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

export const registerBody = loginBody;
export type RegisterBody = z.infer<typeof registerBody>;

/** The client-side register form adds confirmPassword, which is never sent. */
export const registerForm = z
  .object({ username: usernameField, password: passwordField, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerForm>;

export const publicUser = z.object({ id: z.number().int(), username: z.string() });
export type PublicUser = z.infer<typeof publicUser>;
