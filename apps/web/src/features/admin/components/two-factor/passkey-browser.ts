import type { PasskeyAuthenticationResponse, PasskeyOptions, PasskeyRegistrationResponse } from '@kujiya/shared';

/**
 * The browser's WebAuthn calls through @simplewebauthn/browser, loaded only when an admin uses a
 * passkey (docs/rules/two-factor.md): nobody else downloads it.
 */
const browser = () => import('@simplewebauthn/browser');

export async function createPasskey(options: PasskeyOptions): Promise<PasskeyRegistrationResponse> {
  const { startRegistration } = await browser();
  return (await startRegistration({ optionsJSON: options as never })) as unknown as PasskeyRegistrationResponse;
}

export async function answerPasskey(options: PasskeyOptions): Promise<PasskeyAuthenticationResponse> {
  const { startAuthentication } = await browser();
  return (await startAuthentication({ optionsJSON: options as never })) as unknown as PasskeyAuthenticationResponse;
}
