import { useState } from 'react';
import { Redirect } from 'wouter';
import { useAuth } from '../app/auth-context';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { AuthHero } from '../features/auth/auth-hero';
import { LoginForm } from '../features/auth/login-form';
import { RegisterForm } from '../features/auth/register-form';

export function AuthPage() {
  const { user } = useAuth();
  const [tab, setTab] = useState<'login' | 'register'>('login');
  if (user) return <Redirect to="/" />;
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Welcome to Textbook Studio</CardTitle>
          <CardDescription>Sign in or create an account to start building textbooks.</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={(v) => setTab(v as 'login' | 'register')}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm onSwitch={() => setTab('register')} />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm onSwitch={() => setTab('login')} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <AuthHero />
    </div>
  );
}
