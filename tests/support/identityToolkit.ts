import { http, HttpResponse } from 'msw'

/**
 * Just enough of Google's identity REST API (identitytoolkit, securetoken) for the real
 * Auth client to sign a Google user in with a credential and keep the session: it answers
 * `accounts:signInWithIdp`, `accounts:lookup`, `accounts:delete` and the token refresh.
 */
const IDENTITY = 'https://identitytoolkit.googleapis.com/v1'
const SECURE_TOKEN = 'https://securetoken.googleapis.com/v1'

interface Account {
  localId: string
  email: string
  displayName?: string
  photoUrl?: string
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** An unsigned ID token, as the Auth emulator issues them: the client only reads its claims. */
export function idTokenFor(account: Account, now = Math.floor(Date.now() / 1000)): string {
  const claims = {
    iss: 'https://securetoken.google.com/demo-todo',
    aud: 'demo-todo',
    auth_time: now,
    user_id: account.localId,
    sub: account.localId,
    iat: now,
    exp: now + 3600,
    email: account.email,
    email_verified: true,
    firebase: { identities: { email: [account.email] }, sign_in_provider: 'google.com' },
  }
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`
}

const claimsOf = (token: string): Record<string, unknown> => {
  const payload = token.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
}

export function createIdentityToolkitHandlers() {
  const accounts = new Map<string, Account>()
  const requests: string[] = []
  // While unreachable (an outage), every request fails as a dropped connection does.
  const state = { reachable: true }
  const unreachable = http.all(/^https:\/\/(identitytoolkit|securetoken)\.googleapis\.com\//, () =>
    state.reachable ? undefined : HttpResponse.error(),
  )

  const accountFromIdp = (postBody: string): Account => {
    // The Google credential carries the provider's id token: here, its claims as JSON.
    const idToken = new URLSearchParams(postBody).get('id_token') ?? '{}'
    const claims = JSON.parse(idToken) as {
      sub?: string
      email?: string
      name?: string
      picture?: string
    }
    const email = claims.email ?? 'someone@example.com'
    const existing = accounts.get(email)
    if (existing) return existing
    const account: Account = {
      localId: claims.sub ?? `uid-${String(accounts.size + 1)}`,
      email,
      ...(claims.name ? { displayName: claims.name } : {}),
      ...(claims.picture ? { photoUrl: claims.picture } : {}),
    }
    accounts.set(email, account)
    return account
  }

  const handlers = [
    unreachable,
    http.post(`${IDENTITY}/accounts\\:signInWithIdp`, async ({ request }) => {
      requests.push('accounts:signInWithIdp')
      const body = (await request.json()) as { postBody?: string }
      const account = accountFromIdp(body.postBody ?? '')
      return HttpResponse.json({
        kind: 'identitytoolkit#VerifyAssertionResponse',
        providerId: 'google.com',
        federatedId: `https://accounts.google.com/${account.localId}`,
        ...account,
        idToken: idTokenFor(account),
        refreshToken: `refresh-${account.localId}`,
        expiresIn: '3600',
      })
    }),
    http.post(`${IDENTITY}/accounts\\:lookup`, async ({ request }) => {
      requests.push('accounts:lookup')
      const { idToken } = (await request.json()) as { idToken: string }
      const email = claimsOf(idToken).email
      const account = typeof email === 'string' ? accounts.get(email) : undefined
      if (!account) {
        return HttpResponse.json(
          { error: { code: 400, message: 'USER_NOT_FOUND' } },
          { status: 400 },
        )
      }
      return HttpResponse.json({
        kind: 'identitytoolkit#GetAccountInfoResponse',
        users: [
          {
            ...account,
            emailVerified: true,
            providerUserInfo: [
              {
                providerId: 'google.com',
                rawId: account.localId,
                federatedId: account.localId,
                ...account,
              },
            ],
            createdAt: '1700000000000',
            lastLoginAt: '1700000000000',
          },
        ],
      })
    }),
    http.post(`${IDENTITY}/accounts\\:delete`, async ({ request }) => {
      requests.push('accounts:delete')
      const { idToken } = (await request.json()) as { idToken: string }
      const email = claimsOf(idToken).email
      if (typeof email !== 'string' || !accounts.delete(email)) {
        return HttpResponse.json(
          { error: { code: 400, message: 'USER_NOT_FOUND' } },
          { status: 400 },
        )
      }
      return HttpResponse.json({ kind: 'identitytoolkit#DeleteAccountResponse' })
    }),
    http.post(`${SECURE_TOKEN}/token`, async ({ request }) => {
      requests.push('token')
      const form = new URLSearchParams(await request.text())
      const localId = form.get('refresh_token')?.replace(/^refresh-/, '') ?? ''
      const account = [...accounts.values()].find((candidate) => candidate.localId === localId)
      if (!account)
        return HttpResponse.json({ error: { message: 'INVALID_REFRESH_TOKEN' } }, { status: 400 })
      return HttpResponse.json({
        access_token: idTokenFor(account),
        expires_in: '3600',
        refresh_token: `refresh-${account.localId}`,
        id_token: idTokenFor(account),
        user_id: account.localId,
        token_type: 'Bearer',
      })
    }),
  ]

  return {
    handlers,
    requests,
    accounts,
    setReachable(reachable: boolean) {
      state.reachable = reachable
    },
  }
}
