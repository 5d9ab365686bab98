/**
 * Console-only texts of the shell (decisions.md#console-flows §4 and §11): the connection banner and the error
 * page inside the shell. The network message itself is the spec's `messages.checkInternetConnection`.
 */
export const shellText = {
  /** Under the network message while the server is unreachable. */
  reconnecting: 'The console keeps trying and continues by itself as soon as the server answers.',
  /** The banner's and the error page's button: ask the server now. */
  tryAgain: 'Try again',
} as const;
