import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { registerForm, type RegisterForm as RegisterValues } from '@common/auth';
import { useAuth } from '@client/app/auth-context';
import { Button } from '@client/components/ui/button';
import { FieldError, Input, Label } from '@client/components/ui/input';

export function RegisterForm({ onSwitch }: { onSwitch: () => void }) {
  const { registerMutation } = useAuth();
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerForm),
    defaultValues: { username: '', password: '', confirmPassword: '' },
  });
  const pending = registerMutation.isPending;
  // confirmPassword is checked here and never sent.
  const submit = form.handleSubmit(({ username, password }) => registerMutation.mutate({ username, password }));
  const errors = form.formState.errors;
  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <div className="space-y-1.5">
        <Label htmlFor="register-username">Username</Label>
        <Input id="register-username" autoComplete="username" {...form.register('username')} />
        <FieldError message={errors.username?.message} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="register-password">Password</Label>
        <Input id="register-password" type="password" autoComplete="new-password" {...form.register('password')} />
        <FieldError message={errors.password?.message} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="register-confirm">Confirm Password</Label>
        <Input id="register-confirm" type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        <FieldError message={errors.confirmPassword?.message} />
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Creating account...' : 'Create account'}
      </Button>
      <p className="text-center text-sm text-slate-500">
        Already have an account?{' '}
        <button type="button" className="font-medium text-indigo-600 hover:underline" onClick={onSwitch}>
          Login
        </button>
      </p>
    </form>
  );
}
