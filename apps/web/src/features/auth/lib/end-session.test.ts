import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { SIGN_OUT_RETRY_DELAYS_MS, endServerSession } from './end-session';

/** A logout that answers from a script, one entry per attempt: 'ok' or the error it throws. */
const scripted = (answers: ('ok' | Error)[], stands: boolean | Error = true) => {
  const log: string[] = [];
  let attempt = 0;
  const requestLogout = async () => {
    log.push('logout');
    const answer = answers[attempt] ?? new Error('no more answers scripted');
    attempt += 1;
    if (answer !== 'ok') {
      throw answer;
    }
  };
  const sessionStands = async () => {
    log.push('check');
    if (stands instanceof Error) {
      throw stands;
    }
    return stands;
  };
  const wait = async (ms: number) => {
    log.push(`wait ${ms}`);
  };
  return { log, run: () => endServerSession({ requestLogout, sessionStands, wait }) };
};

const unavailable = () => new ApiError(503, 'Service temporarily unavailable.');
const dropped = () => new ApiError(0, 'Service temporarily unavailable.');

describe('endServerSession', () => {
  it('signs out on the first answer, without pausing or asking again', async () => {
    const { log, run } = scripted(['ok']);
    await expect(run()).resolves.toBe('signed-out');
    expect(log).toEqual(['logout']);
  });

  it('tries again after short pauses when a request fails, and signs out when one succeeds', async () => {
    const { log, run } = scripted([unavailable(), dropped(), 'ok']);
    await expect(run()).resolves.toBe('signed-out');
    const [first, second] = SIGN_OUT_RETRY_DELAYS_MS;
    expect(log).toEqual(['logout', `wait ${first}`, 'logout', `wait ${second}`, 'logout']);
  });

  it('stops after three attempts and reports a session the server still honours', async () => {
    const { log, run } = scripted([unavailable(), unavailable(), unavailable(), 'ok']);
    await expect(run()).resolves.toBe('still-signed-in');
    expect(log.filter((entry) => entry === 'logout')).toHaveLength(3);
    expect(log.at(-1)).toBe('check');
  });

  it('takes an unreachable server to leave the session standing', async () => {
    const { run } = scripted([dropped(), dropped(), dropped()], dropped());
    await expect(run()).resolves.toBe('still-signed-in');
  });

  it('counts a session the server ended before failing as signed out', async () => {
    // The logout revoked the session, then its answer was lost; the check proves it gone.
    const { log, run } = scripted([dropped(), dropped(), dropped()], false);
    await expect(run()).resolves.toBe('signed-out');
    expect(log.at(-1)).toBe('check');
  });
});
