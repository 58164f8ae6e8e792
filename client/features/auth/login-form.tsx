import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { loginBody, type LoginBody } from '@common/auth';
import { useAuth } from '@client/app/auth-context';
import { Button } from '@client/components/ui/button';
import { FieldError, Input, Label } from '@client/components/ui/input';

export function LoginForm({ onSwitch }: { onSwitch: () => void }) {
  const { loginMutation } = useAuth();
  const form = useForm<LoginBody>({ resolver: zodResolver(loginBody), defaultValues: { username: '', password: '' } });
  const pending = loginMutation.isPending;
  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((v) => loginMutation.mutate(v))}>
      <div className="space-y-1.5">
        <Label htmlFor="login-username">Username</Label>
        <Input id="login-username" autoComplete="username" {...form.register('username')} />
        <FieldError message={form.formState.errors.username?.message} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="login-password">Password</Label>
        <Input id="login-password" type="password" autoComplete="current-password" {...form.register('password')} />
        <FieldError message={form.formState.errors.password?.message} />
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing in...' : 'Sign in'}
      </Button>
      <p className="text-center text-sm text-slate-500">
        Don&apos;t have an account?{' '}
        <button type="button" className="font-medium text-indigo-600 hover:underline" onClick={onSwitch}>
          Register
        </button>
      </p>
    </form>
  );
}
