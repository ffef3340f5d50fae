import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the identity provider says of one of its users, in the ID token. */
export interface ProviderUser {
  email: string;
  email_verified: boolean;
}

const TEST_CLIENT = { id: 'admissions-console', secret: 'a-client-secret-only-the-test-knows' } as const;

/**
 * A real OpenID Connect provider (oidc-provider 8) on an ephemeral port of this machine: one
 * confidential client whose only return address is `redirectUri`, PKCE required, the user's
 * e-mail claims put in the ID token, and the library's development sign-in and consent forms (any
 * login is a user id; `users` says what the provider knows of it).
 */
export async function startTestProvider(redirectUri: string, users: Map<string, ProviderUser>) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    findAccount: (_ctx, sub) => {
      const user = users.get(sub);
      return user ? { accountId: sub, claims: () => ({ sub, ...user }) } : undefined;
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    conformIdTokenClaims: false,
    pkce: { methods: ['S256'], required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['the-test-provider-cookie-key'] },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    /** The environment that turns the app's single sign-on on with this provider. */
    env: { STAFF_OIDC_ISSUER: issuer, STAFF_OIDC_CLIENT_ID: TEST_CLIENT.id, STAFF_OIDC_CLIENT_SECRET: TEST_CLIENT.secret },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser for a sign-in that crosses sites: one cookie jar per origin (names only; paths and
 * expiry are not needed here), redirects followed by hand, the app's public address sent to the
 * app under test. It stops where the app sends the browser back to the console.
 */
export class CrossSiteBrowser {
  private readonly jars = new Map<string, Map<string, string>>();
  /** Every Set-Cookie line the app answered, for the tests of its attributes. */
  readonly appSetCookies: string[] = [];

  constructor(
    private readonly appPublicUrl: string,
    private readonly appUrl: string,
  ) {}

  private jar(origin: string) {
    let jar = this.jars.get(origin);
    if (!jar) this.jars.set(origin, (jar = new Map<string, string>()));
    return jar;
  }

  appCookie(name: string): string | undefined {
    return this.jar(new URL(this.appPublicUrl).origin).get(name);
  }

  /** One request, no redirect followed; `url` on the app's public address goes to the app under test. */
  async fetch(
    url: URL,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const isApp = url.origin === new URL(this.appPublicUrl).origin;
    const target = isApp ? new URL(url.pathname + url.search, this.appUrl) : url;
    const jar = this.jar(url.origin);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(target, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...init.headers,
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      if (isApp) this.appSetCookies.push(line);
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name!.trim());
      else jar.set(name!.trim(), value);
    }
    return response;
  }

  /**
   * Goes to `url` and on as the sites send it: redirects, and the provider's sign-in and consent
   * forms filled in as `login`. Answers the app's address it reaches under `stopAt` (the console,
   * `/staff…`, unless told), unfetched.
   */
  async signInThrough(url: URL, login: string, stopAt = '/staff'): Promise<URL> {
    let next: { url: URL; method?: string; form?: Record<string, string> } = { url };
    for (let hop = 0; hop < 20; hop += 1) {
      if (next.url.origin === new URL(this.appPublicUrl).origin && next.url.pathname.startsWith(stopAt)) return next.url;
      const response = await this.fetch(next.url, next);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        next = { url: new URL(location, next.url) };
        continue;
      }
      const page = await response.text();
      const form = /<form[^>]*action="([^"]+)"[\s\S]*?name="prompt" value="(login|consent)"/.exec(page);
      if (response.status !== 200 || !form)
        throw new Error(`Unexpected page at ${next.url.href} (${response.status}): ${page.slice(0, 300)}`);
      const fields: Record<string, string> = form[2] === 'login' ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' };
      next = { url: new URL(form[1]!, next.url), method: 'POST', form: fields };
    }
    throw new Error('Too many redirects');
  }
}
