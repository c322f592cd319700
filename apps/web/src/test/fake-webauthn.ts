import { vi } from 'vitest';

/**
 * The browser's WebAuthn as jsdom lacks it: PublicKeyCredential exists, and
 * navigator.credentials answers create() and get() with credentials shaped as a browser's
 * (bytes as ArrayBuffers), or with the error a closed prompt gives. The real
 * @simplewebauthn/browser turns them into the JSON the server checks.
 */
export const fakeWebAuthn = () => {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer;
  const base = {
    id: 'Y3JlZC0x',
    rawId: bytes('cred-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    getClientExtensionResults: () => ({}),
  };
  const create = vi.fn(async () => ({
    ...base,
    response: {
      attestationObject: bytes('attestation'),
      clientDataJSON: bytes('client-create'),
      getTransports: () => ['internal'],
    },
  }));
  const get = vi.fn(async () => ({
    ...base,
    response: {
      authenticatorData: bytes('authenticator'),
      clientDataJSON: bytes('client-get'),
      signature: bytes('signature'),
      userHandle: bytes('user'),
    },
  }));
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  Object.defineProperty(navigator, 'credentials', {
    value: { create, get },
    configurable: true,
  });
  /** The next prompt is closed by the user. */
  const closeNextPrompt = (on: typeof create | typeof get) =>
    on.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'NotAllowedError'));
  return { create, get, closeNextPrompt };
};

/** The JSON @simplewebauthn/browser makes of the fake's assertion. */
export const FAKE_ASSERTION = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key',
  authenticatorAttachment: 'platform',
  clientExtensionResults: {},
  response: {
    authenticatorData: 'YXV0aGVudGljYXRvcg',
    clientDataJSON: 'Y2xpZW50LWdldA',
    signature: 'c2lnbmF0dXJl',
    userHandle: 'dXNlcg',
  },
};
