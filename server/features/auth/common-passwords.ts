/**
 * Passwords too common to protect an account: the spec's rule (at least 6 characters) is kept,
 * and on top of it a password that attackers try first is refused at registration. The list
 * holds passwords of six characters or more that head every published list of leaked
 * passwords, written out here for this project; the patterns catch their endless variants
 * (one character repeated, a run along the keyboard, "password" with digits, the
 * username itself).
 */
const listed = new Set(
  `123456 1234567 12345678 123456789 1234567890 12345678910 0123456789 987654321 9876543210 654321 666666 111111 000000
  123123 123321 112233 121212 123654 159753 147258 147258369 159357 789456 789456123 456789 101010 131313 112211 202020
  password password1 password12 password123 passw0rd p@ssw0rd p@ssword pa55word passwort motdepasse contraseña
  qwerty qwerty1 qwerty12 qwerty123 qwertyuiop qwertz qwertzuiop azerty azertyuiop asdfgh asdfghjkl zxcvbn zxcvbnm
  1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 qazwsx qazwsxedc q1w2e3r4 q1w2e3r4t5 qweasd qweasdzxc
  abc123 abcdef abcd1234 a1b2c3 aaaaaa abcabc 123abc iloveyou iloveu loveme lovely loveyou monkey dragon letmein
  welcome welcome1 trustno1 sunshine princess football baseball basketball soccer hockey master shadow superman
  batman michael jennifer jordan23 hunter hunter2 charlie freedom whatever ninja mustang starwars pokemon cookie
  computer internet secret secret1 access admin123 administrator root123 changeme default guest123 test123 testing
  tester login123 user123 hello123 hello1 helloworld 666999 696969 killer pepper ginger cheese chocolate summer
  winter spring autumn flower purple orange banana apple123 samsung iphone google facebook linkedin twitter
  matrix silver golden diamond heather jessica ashley amanda daniel thomas andrew joshua matthew robert william
  anthony nicole hannah jasmine family forever friends mother father blessed jesus123 angel1 angels beautiful
  snoopy maggie buster tigger pussy123 cowboy cowboys eagles yankees lakers liverpool arsenal chelsea barcelona
  zxc123 asd123 qwe123 aa123456 a123456 123456a 123456q 1234qwer qwer1234 asdf1234 1234abcd abc12345 12341234
  11111111 00000000 88888888 12121212 87654321 11223344 55555555 77777777 99999999 22222222 33333333 44444444
  students student teacher school123 classroom textbook library college university`
    .split(/\s+/)
    .filter(Boolean),
);

const keyboardRows = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'qwertzuiop', 'azertyuiop'];

/** A run of at least six along a keyboard row, forwards or backwards ("asdfgh", "987654"). */
function isRun(p: string): boolean {
  for (const row of keyboardRows) {
    const back = [...row].reverse().join('');
    if (row.includes(p) || back.includes(p)) return true;
  }
  return false;
}

export function isCommonPassword(password: string, username = ''): boolean {
  const p = password.toLowerCase();
  if (listed.has(p)) return true;
  // One character, or one short block, repeated ("aaaaaa", "abab ab", "123123123").
  if (/^(.{1,3})\1+$/su.test(p)) return true;
  if (isRun(p)) return true;
  // A listed password or "password" with digits or a year around it ("password2024", "2024qwerty").
  const core = p.replace(/^[\d!@#$%.]+|[\d!@#$%.]+$/g, '');
  if (core !== p && (listed.has(core) || core === 'password' || core === 'qwerty' || core === 'admin' || (core.length >= 3 && isRun(core))))
    return true;
  // The username, as it is or with digits.
  const name = username.toLowerCase();
  if (name && (core === name || p === name || (p.includes(name) && name.length >= 4))) return true;
  return false;
}
