/**
 * oidc-provider ships no type declarations: the part of its API the single sign-on test uses
 * (routes/sso-oidc.test.ts) — a provider made from an issuer and a configuration, and its
 * Node request handler.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  /** What `findAccount` answers: the account id and its claims. */
  export interface Account {
    accountId: string;
    claims(): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        findAccount?: (ctx: unknown, id: string) => Account | Promise<Account>;
      },
    );
    /** The Koa application's handler for `http.createServer`. */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
