import crypto from 'node:crypto';
import { generate } from 'otplib';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { TestApp } from '../../test/test-app.ts';

/** The authenticator app's code for a secret at the test clock's time (optionally steps later). */
export async function totpCode(
  t: { clock: Pick<TestApp['clock'], 'now'> },
  secret: string,
  stepsLater = 0,
): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + stepsLater * 30 });
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => new Uint8Array(crypto.createHash('sha256').update(data).digest());
const u32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/**
 * A software WebAuthn authenticator (P-256, "none" attestation), for tests: it answers a
 * registration's and a login's options as a browser with a security key would.
 */
export function softwareAuthenticator(origin: string) {
  const rpID = new URL(origin).hostname;
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = new Uint8Array(crypto.randomBytes(16));
  const id = b64url(credentialId);
  let counter = 0;
  const cosePublicKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
  const clientData = (type: string, challenge: string) =>
    new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  return {
    id,
    /** The answer to `navigator.credentials.create(options)`. */
    create(options: { challenge: string }) {
      const authData = Buffer.concat([
        sha256(rpID),
        new Uint8Array([0x01 | 0x04 | 0x40]), // user present, verified, credential data attached
        u32(counter),
        new Uint8Array(16),
        new Uint8Array([0, credentialId.length]),
        credentialId,
        cosePublicKey,
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]) as never,
      );
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['usb'],
        },
        clientExtensionResults: {},
      };
    },
    /** The answer to `navigator.credentials.get(options)`; each signs with a higher counter. */
    get(options: { challenge: string }) {
      counter += 1;
      const data = clientData('webauthn.get', options.challenge);
      const authData = Buffer.concat([sha256(rpID), new Uint8Array([0x01 | 0x04]), u32(counter)]);
      const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
}
