import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { TPasskeyCredential } from '@portal/domain/mfa-api';

/**
 * A passkey authenticator in software, for tests: P-256 keys from node:crypto, attestation
 * 'none' and assertions built byte by byte as WebAuthn (Level 2) and CTAP2 lay them out, so
 * the server's library checks real signatures over real CBOR.
 */

type TCbor = number | string | Uint8Array | { [key: string]: TCbor } | Map<number, TCbor>;

const head = (major: number, length: number) => {
  const type = major << 5;
  if (length < 24) {
    return Buffer.from([type | length]);
  }
  if (length < 256) {
    return Buffer.from([type | 24, length]);
  }
  const bytes = Buffer.alloc(3);
  bytes[0] = type | 25;
  bytes.writeUInt16BE(length, 1);
  return bytes;
};

/** CBOR (RFC 8949) for the few shapes WebAuthn needs: small integers, bytes, text, maps. */
export const cbor = (value: TCbor): Buffer => {
  if (typeof value === 'number') {
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) {
    return Buffer.concat([head(2, value.length), value]);
  }
  const entries: [TCbor, TCbor][] =
    value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([key, item]) => [cbor(key), cbor(item)]),
  ]);
};

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64 = (data: Uint8Array) => Buffer.from(data).toString('base64url');

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

type TStored = { id: Buffer; key: KeyObject; rpId: string; userHandle: string; count: number };

export type TCeremonyOverrides = {
  /** Signed as if the page were at this origin. */
  origin?: string;
  /** Signed over this challenge instead of the options'. */
  challenge?: string;
  /** Without user verification (a touch only). */
  userVerified?: boolean;
  /** The counter the assertion reports (otherwise one more than the last). */
  count?: number;
};

type TCreationOptions = {
  challenge: string;
  rp: { id: string };
  user: { id: string };
};
type TRequestOptions = {
  challenge: string;
  rpId: string;
  allowCredentials?: { id: string }[];
};

export const softwareAuthenticator = (origin: string) => {
  const stored: TStored[] = [];
  const clientData = (type: string, challenge: string, overrides: TCeremonyOverrides) =>
    Buffer.from(
      JSON.stringify({
        type,
        challenge: overrides.challenge ?? challenge,
        origin: overrides.origin ?? origin,
        crossOrigin: false,
      }),
    );
  const flags = (overrides: TCeremonyOverrides) =>
    FLAG_UP | (overrides.userVerified === false ? 0 : FLAG_UV);
  const counter = (count: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(count);
    return bytes;
  };

  /** navigator.credentials.create(): a new key pair, attested with 'none'. */
  const create = (
    raw: Record<string, unknown>,
    overrides: TCeremonyOverrides = {},
  ): TPasskeyCredential => {
    const options = raw as TCreationOptions;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<number, TCbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(32);
    const credIdLength = Buffer.alloc(2);
    credIdLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([flags(overrides) | FLAG_AT]),
      counter(0),
      Buffer.alloc(16),
      credIdLength,
      id,
      coseKey,
    ]);
    stored.push({
      id,
      key: privateKey,
      rpId: options.rp.id,
      userHandle: options.user.id,
      count: 0,
    });
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientData('webauthn.create', options.challenge, overrides)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  };

  /**
   * navigator.credentials.get(): an assertion by the first stored passkey the options allow
   * (any, for a discoverable sign-in), or by the one named.
   */
  const get = (
    raw: Record<string, unknown>,
    overrides: TCeremonyOverrides & { credentialId?: string } = {},
  ): TPasskeyCredential => {
    const options = raw as TRequestOptions;
    const allowed = options.allowCredentials?.map((credential) => credential.id);
    const passkey = stored.find(
      (candidate) =>
        candidate.rpId === options.rpId &&
        (overrides.credentialId
          ? b64(candidate.id) === overrides.credentialId
          : !allowed?.length || allowed.includes(b64(candidate.id))),
    );
    if (!passkey) {
      throw new Error('NotAllowedError: no passkey for this site');
    }
    passkey.count = overrides.count ?? passkey.count + 1;
    const authData = Buffer.concat([
      sha256(passkey.rpId),
      Buffer.from([flags(overrides)]),
      counter(passkey.count),
    ]);
    const clientDataJSON = clientData('webauthn.get', options.challenge, overrides);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      passkey.key,
    );
    return {
      id: b64(passkey.id),
      rawId: b64(passkey.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: passkey.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  };

  return { create, get };
};
