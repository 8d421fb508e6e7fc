import { randomInt } from 'node:crypto';
import {
  inNetworks,
  type MySecondFactor,
  RECOVERY_CODE_COUNT,
  type Role,
  type SecondFactorMethod,
  type SecondFactorPolicy,
  secondFactorMessages,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  type TotpSetup,
} from '@ilson/contracts';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema';
import type { Executor } from '../../db/types';
import type { AuditActor } from '../../lib/actor';
import { type Clock, systemClock } from '../../lib/clock';
import { AppError, notFound, validationError } from '../../lib/errors';
import type { PiiCipher } from '../../lib/pii';
import type { AuthAdmin } from '../../plugins/auth';
import { recordLoginFailure, revokeAllSessions } from '../auth/auth.repository';
import type { SettingsService } from '../settings/settings.service';
import * as repo from './second-factor.repository';

const METHOD_LABELS: Record<Method, string> = { totp: '인증 앱', recovery: '복구 코드', passkey: '패스키' };
const METHOD_WORDS: Record<Method, string> = { totp: '인증 코드', recovery: '복구 코드', passkey: '패스키' };

/** Recovery codes: 10 characters of an alphabet without look-alikes (0/O, 1/I), shown as XXXXX-XXXXX. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export type Proof = {
  code?: string | undefined;
  recoveryCode?: string | undefined;
  passkeyJson?: string | undefined;
};
/** Who the passkeys belong to, as the browser sees the site (docs/second-factor.md#passkeys). */
export type RelyingParty = { rpID: string; origin: string };
type Method = 'totp' | 'recovery' | 'passkey';
type Subject = { id: number; loginId: string };

/**
 * The policy of docs/second-factor.md#policy: the admin's role is one the setting names, and they sign in from
 * outside its internal networks (or the setting says everywhere).
 */
export function secondFactorRequired(role: Role, ip: string | null | undefined, policy: SecondFactorPolicy) {
  if (!policy.requiredRoles.includes(role)) return false;
  return policy.where === 'everywhere' || !inNetworks(ip, policy.internalNetworks);
}

/**
 * True when `after` would ask `role` at `ip` for less than `before` does: fewer cases needing a factor, or a longer
 * step-up. Nobody loosens the policy that binds themselves (docs/second-factor.md#policy).
 */
export function loosensFor(
  before: SecondFactorPolicy,
  after: SecondFactorPolicy,
  role: Role,
  ip: string | null,
) {
  if (after.stepUpMinutes > before.stepUpMinutes) return true;
  const wasAsked = secondFactorRequired(role, ip, before);
  const isAsked = secondFactorRequired(role, ip, after);
  if (wasAsked && !isAsked) return true;
  // The editor's own role dropped, or their role's reach narrowed (everywhere → outside, more internal networks).
  if (before.requiredRoles.includes(role) && !after.requiredRoles.includes(role)) return true;
  if (before.requiredRoles.includes(role) && before.where === 'everywhere' && after.where === 'outside')
    return true;
  return false;
}

export function createSecondFactorService(deps: {
  db: Database;
  pii: PiiCipher;
  settings: SettingsService;
  clock?: Clock;
  checkPassword: (admin: AuthAdmin, password: string, audit: AuditActor) => Promise<void>;
}) {
  const { db, pii, settings, clock = systemClock, checkPassword } = deps;

  const recoveryHash = (adminId: number, code: string) => pii.searchHash(`recovery-code:${adminId}:${code}`);

  /** Ten new recovery codes replace the admin's old ones; the codes are answered to be shown this once. */
  async function issueRecoveryCodes(executor: Executor, adminId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(
      executor,
      adminId,
      codes.map((c) => recoveryHash(adminId, c)),
    );
    return codes.map(shown);
  }

  function newRecoveryCodes(): string[] {
    return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
      Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
    );
  }
  const shown = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

  async function confirmedTotp(executor: Executor, adminId: number) {
    const row = await repo.findTotp(executor, adminId);
    return row?.confirmedAt ? row : undefined;
  }

  /** The methods an admin can prove a second factor with; empty when they have none. */
  async function methodsOf(adminId: number, executor: Executor = db): Promise<SecondFactorMethod[]> {
    const [totp, passkeys] = await Promise.all([
      confirmedTotp(executor, adminId),
      repo.passkeysOf(executor, adminId),
    ]);
    const methods: SecondFactorMethod[] = [];
    if (passkeys.length > 0) methods.push('passkey');
    if (totp) methods.push('totp');
    if (methods.length > 0) methods.push('recovery');
    return methods;
  }

  async function hasFactor(adminId: number, executor: Executor = db) {
    return (await methodsOf(adminId, executor)).length > 0;
  }

  /** WebAuthn options to sign in or step up with one of the admin's passkeys, and their challenge. */
  async function assertionOptions(adminId: number, rp: RelyingParty) {
    const passkeys = await repo.passkeysOf(db, adminId);
    if (passkeys.length === 0)
      throw validationError([{ field: 'passkey_json', message: secondFactorMessages.passkeyNotFound }]);
    const options = await generateAuthenticationOptions({
      rpID: rp.rpID,
      allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
      userVerification: 'preferred',
    });
    return { optionsJson: JSON.stringify(options), challenge: options.challenge };
  }

  /** Checks a passkey's answer against the challenge it was given; the signature counter moves forward. */
  async function provePasskey(adminId: number, json: string, challenge: string | null, rp: RelyingParty) {
    if (!challenge) return false;
    let response: AuthenticationResponseJSON;
    try {
      response = JSON.parse(json) as AuthenticationResponseJSON;
    } catch {
      return false;
    }
    const passkey = (await repo.passkeysOf(db, adminId)).find((p) => p.credentialId === response.id);
    if (!passkey) return false;
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
          transports: passkey.transports as WebAuthnCredential['transports'],
        },
        requireUserVerification: false,
      });
      if (!result.verified) return false;
      await repo.usePasskey(db, passkey.id, result.authenticationInfo.newCounter);
      return true;
    } catch {
      return false;
    }
  }

  /** The time step a code of `secret` belongs to now (±1 step), or null when it is not one. */
  async function stepOf(secret: string, code: string): Promise<number | null> {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(clock() / 1000),
      epochTolerance: TOTP_PERIOD_SECONDS,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  /** A wrong code counts towards the lock like a wrong password, and is logged (docs/second-factor.md#codes). */
  async function failed(
    subject: Subject,
    actor: AuditActor,
    why: string,
    field: string,
    message: string,
  ): Promise<never> {
    const config = await settings.get();
    const counted = await db.transaction(async (tx) => {
      const row = await recordLoginFailure(tx, subject.id, config.maxLoginFailures, config.lockoutMinutes);
      await appendAudit(
        tx,
        { ...actor, actorAdminId: subject.id, actorLoginId: subject.loginId },
        {
          action: 'LOGIN_FAILED',
          targetType: 'admin',
          targetId: subject.id,
          summary: `2단계 인증 실패: ${why} (${row?.failedLoginCount ?? '?'}회)`,
        },
      );
      return row;
    });
    if (counted?.lockedUntil) throw new AppError('ACCOUNT_LOCKED');
    throw validationError([{ field, message }], message);
  }

  async function assertNotLocked(adminId: number) {
    const [row] = await db
      .select({ lockedUntil: admins.lockedUntil })
      .from(admins)
      .where(eq(admins.id, adminId))
      .limit(1);
    if (row?.lockedUntil && row.lockedUntil.getTime() > clock()) throw new AppError('ACCOUNT_LOCKED');
  }

  /**
   * Checks a code from the app or a recovery code and uses it up: a code's time step is taken once (a replay is
   * refused), a recovery code once. A wrong one counts towards the lock. Returns the method that proved it.
   */
  async function prove(
    subject: Subject,
    proof: Proof,
    actor: AuditActor,
    passkey?: { challenge: string | null; rp: RelyingParty },
  ): Promise<Method> {
    await assertNotLocked(subject.id);
    if (proof.passkeyJson !== undefined) {
      if (passkey && (await provePasskey(subject.id, proof.passkeyJson, passkey.challenge, passkey.rp))) {
        return 'passkey';
      }
      return failed(subject, actor, '패스키 확인 실패', 'passkey_json', secondFactorMessages.passkeyFailed);
    }
    if (proof.recoveryCode !== undefined) {
      const used = await repo.useRecoveryCode(db, subject.id, recoveryHash(subject.id, proof.recoveryCode));
      if (!used) {
        return failed(
          subject,
          actor,
          '복구 코드 불일치',
          'recovery_code',
          secondFactorMessages.recoveryWrong,
        );
      }
      return 'recovery';
    }
    const totp = await confirmedTotp(db, subject.id);
    if (!totp) throw validationError([{ field: 'code', message: secondFactorMessages.noFactor }]);
    const step = await stepOf(pii.decrypt(totp.secretEncrypted), proof.code ?? '');
    if (step === null) return failed(subject, actor, '코드 불일치', 'code', secondFactorMessages.codeWrong);
    if (!(await repo.takeStep(db, subject.id, step))) {
      return failed(subject, actor, '이미 사용한 코드', 'code', secondFactorMessages.codeUsed);
    }
    return 'totp';
  }

  async function mine(admin: AuthAdmin, ip: string | null): Promise<MySecondFactor> {
    const [totp, left, config, session, passkeys] = await Promise.all([
      confirmedTotp(db, admin.id),
      repo.recoveryCodesLeft(db, admin.id),
      settings.get(),
      repo.sessionProof(db, admin.sessionId),
      repo.passkeysOf(db, admin.id),
    ]);
    const policy = config.secondFactor;
    const until = session?.secondFactorAt
      ? session.secondFactorAt.getTime() + policy.stepUpMinutes * 60_000
      : null;
    return {
      totp: totp?.confirmedAt ? { confirmedAt: totp.confirmedAt.toISOString() } : null,
      passkeys: passkeys.map((p) => ({
        id: p.id,
        name: p.name,
        createdAt: p.createdAt.toISOString(),
        lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
      })),
      recoveryCodesLeft: totp || passkeys.length > 0 ? left : 0,
      required: secondFactorRequired(admin.role, ip, policy),
      stepUpUntil: until !== null && until > clock() ? new Date(until).toISOString() : null,
      stepUpMinutes: policy.stepUpMinutes,
    };
  }

  /** A new secret and its QR code; it is used only once a first code confirms it. */
  async function setupTotp(admin: AuthAdmin): Promise<TotpSetup> {
    if (await confirmedTotp(db, admin.id)) {
      throw new AppError('CONFLICT', secondFactorMessages.alreadyActive);
    }
    const secret = generateSecret();
    if (!(await repo.putPendingTotp(db, admin.id, pii.encrypt(secret)))) {
      throw new AppError('CONFLICT', secondFactorMessages.alreadyActive);
    }
    const { serviceName } = await settings.get();
    const otpauthUri = generateURI({
      issuer: serviceName,
      label: admin.loginId,
      secret,
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
    });
    const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, otpauthUri, qrSvg };
  }

  /** The first code turns the app on; ten recovery codes are made and shown this once. */
  async function confirmTotp(admin: AuthAdmin, code: string, actor: AuditActor) {
    const pending = await repo.findTotp(db, admin.id);
    if (!pending) throw validationError([{ field: 'code', message: secondFactorMessages.notSetUp }]);
    if (pending.confirmedAt) throw new AppError('CONFLICT', secondFactorMessages.alreadyActive);
    await assertNotLocked(admin.id);
    const step = await stepOf(pii.decrypt(pending.secretEncrypted), code);
    if (step === null)
      return failed(admin, actor, '등록 코드 불일치', 'code', secondFactorMessages.codeWrong);
    return db.transaction(async (tx) => {
      if (!(await repo.takeStep(tx, admin.id, step, true))) {
        throw new AppError('CONFLICT', secondFactorMessages.alreadyActive);
      }
      const codes = await issueRecoveryCodes(tx, admin.id);
      await repo.markSessionProven(tx, admin.sessionId, new Date(clock()), true);
      await appendAudit(tx, actor, {
        action: 'SECURITY_CHANGE',
        targetType: 'admin',
        targetId: admin.id,
        summary: `2단계 인증 등록 (인증 앱, 복구 코드 ${RECOVERY_CODE_COUNT}개 발급)`,
      });
      return codes;
    });
  }

  /** The password and a current proof: removing the app or drawing new codes is never done with a session alone. */
  async function guard(admin: AuthAdmin, input: Proof & { password: string }, actor: AuditActor) {
    await checkPassword(admin, input.password, actor);
    return prove(admin, input, actor);
  }

  async function removeTotp(admin: AuthAdmin, input: Proof & { password: string }, actor: AuditActor) {
    if (!(await confirmedTotp(db, admin.id))) {
      throw validationError([{ field: 'code', message: secondFactorMessages.noFactor }]);
    }
    const method = await guard(admin, input, actor);
    await db.transaction(async (tx) => {
      await repo.deleteTotp(tx, admin.id);
      // The recovery codes stay while a passkey does: they are its way back too.
      if ((await repo.passkeysOf(tx, admin.id)).length === 0) await repo.deleteRecoveryCodes(tx, admin.id);
      await appendAudit(tx, actor, {
        action: 'SECURITY_CHANGE',
        targetType: 'admin',
        targetId: admin.id,
        summary: `2단계 인증 해제 (인증 앱, ${METHOD_WORDS[method]}로 확인)`,
      });
    });
  }

  async function renewRecoveryCodes(
    admin: AuthAdmin,
    input: Proof & { password: string },
    actor: AuditActor,
  ) {
    if (!(await hasFactor(admin.id))) {
      throw validationError([{ field: 'code', message: secondFactorMessages.noFactor }]);
    }
    await guard(admin, input, actor);
    return db.transaction(async (tx) => {
      const codes = await issueRecoveryCodes(tx, admin.id);
      await appendAudit(tx, actor, {
        action: 'SECURITY_CHANGE',
        targetType: 'admin',
        targetId: admin.id,
        summary: `복구 코드 새로 발급 (${RECOVERY_CODE_COUNT}개, 이전 코드 무효)`,
      });
      return codes;
    });
  }

  /**
   * A super admin clears another admin's second factor (a lost phone) with a reason; that admin's sessions end, and
   * their next sign-in enrols again where the policy asks for one.
   */
  async function reset(targetId: number, reason: string, by: AuthAdmin, actor: AuditActor) {
    if (targetId === by.id)
      throw validationError([{ field: 'reason', message: secondFactorMessages.resetSelf }]);
    await db.transaction(async (tx) => {
      const [target] = await tx
        .select({ id: admins.id, loginId: admins.loginId })
        .from(admins)
        .where(eq(admins.id, targetId))
        .for('update');
      if (!target) throw notFound();
      const had =
        (await repo.findTotp(tx, targetId))?.confirmedAt || (await repo.passkeysOf(tx, targetId)).length > 0;
      await repo.deleteTotp(tx, targetId);
      await repo.deletePasskeys(tx, targetId);
      await repo.deleteRecoveryCodes(tx, targetId);
      await revokeAllSessions(tx, targetId, 'second_factor_reset');
      await appendAudit(tx, actor, {
        action: 'SECURITY_CHANGE',
        targetType: 'admin',
        targetId,
        summary: `2단계 인증 초기화: ${target.loginId}${had ? '' : ' (등록된 수단 없음)'}`,
        reason,
      });
    });
  }

  /** A fresh proof for the gravest actions (docs/second-factor.md#step-up). */
  async function stepUp(admin: AuthAdmin, proof: Proof, actor: AuditActor, rp: RelyingParty) {
    const challenge =
      proof.passkeyJson !== undefined ? await repo.takeSessionChallenge(db, admin.sessionId) : null;
    const method = await prove(admin, proof, actor, { challenge, rp });
    const at = new Date(clock());
    const { secondFactor: policy } = await settings.get();
    await db.transaction(async (tx) => {
      await repo.markSessionProven(tx, admin.sessionId, at);
      await appendAudit(tx, actor, {
        action: 'LOGIN',
        targetType: 'admin',
        targetId: admin.id,
        summary: `2단계 인증 재확인 (${METHOD_LABELS[method]})`,
      });
    });
    return { validUntil: new Date(at.getTime() + policy.stepUpMinutes * 60_000).toISOString() };
  }

  /**
   * Before revealing an identifier, an unmasked export, a role change or a policy change: an admin who has a second
   * factor, or whom the policy asks for one here, must have proven it within the last `stepUpMinutes`.
   */
  async function assertFresh(admin: AuthAdmin, ip: string | null) {
    const { secondFactor: policy } = await settings.get();
    const [session, factor] = await Promise.all([
      repo.sessionProof(db, admin.sessionId),
      hasFactor(admin.id),
    ]);
    if (!factor && !secondFactorRequired(admin.role, ip, policy)) return;
    const at = session?.secondFactorAt?.getTime();
    if (at !== undefined && clock() - at <= policy.stepUpMinutes * 60_000) return;
    throw new AppError('STEP_UP_REQUIRED');
  }

  async function stepUpOptions(admin: AuthAdmin, rp: RelyingParty) {
    const { optionsJson, challenge } = await assertionOptions(admin.id, rp);
    await repo.setSessionChallenge(db, admin.sessionId, challenge);
    return { optionsJson };
  }

  /** WebAuthn options to register a passkey; the challenge waits on the session for the answer. */
  async function registrationOptions(admin: AuthAdmin, rp: RelyingParty) {
    const [{ serviceName }, passkeys] = await Promise.all([settings.get(), repo.passkeysOf(db, admin.id)]);
    const options = await generateRegistrationOptions({
      rpName: serviceName,
      rpID: rp.rpID,
      userName: admin.loginId,
      userDisplayName: admin.name,
      userID: new TextEncoder().encode(`admin:${admin.id}`),
      attestationType: 'none',
      excludeCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await repo.setSessionChallenge(db, admin.sessionId, options.challenge);
    return { optionsJson: JSON.stringify(options) };
  }

  /**
   * Registers the passkey the browser made for the session's challenge. When it is the admin's first second factor,
   * ten recovery codes are made and shown this once; the session counts as proven and enrolled.
   */
  async function registerPasskey(
    admin: AuthAdmin,
    input: { name: string; responseJson: string },
    rp: RelyingParty,
    actor: AuditActor,
  ): Promise<string[]> {
    const challenge = await repo.takeSessionChallenge(db, admin.sessionId);
    const refused = () =>
      validationError([{ field: 'response_json', message: secondFactorMessages.passkeyFailed }]);
    if (!challenge) throw refused();
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: JSON.parse(input.responseJson) as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        requireUserVerification: false,
      });
    } catch {
      throw refused();
    }
    if (!verified.verified) throw refused();
    const { credential } = verified.registrationInfo;
    return db.transaction(async (tx) => {
      const first = !(await hasFactor(admin.id, tx));
      await repo.insertPasskey(tx, {
        adminId: admin.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
      });
      const codes = first ? await issueRecoveryCodes(tx, admin.id) : [];
      await repo.markSessionProven(tx, admin.sessionId, new Date(clock()), true);
      await appendAudit(tx, actor, {
        action: 'SECURITY_CHANGE',
        targetType: 'admin',
        targetId: admin.id,
        summary: `2단계 인증 등록 (패스키 "${input.name}"${first ? `, 복구 코드 ${RECOVERY_CODE_COUNT}개 발급` : ''})`,
      });
      return codes;
    });
  }

  async function removePasskey(
    admin: AuthAdmin,
    id: number,
    input: Proof & { password: string },
    actor: AuditActor,
  ) {
    if (!(await repo.passkeysOf(db, admin.id)).some((p) => p.id === id)) {
      throw notFound(secondFactorMessages.passkeyNotFound);
    }
    const method = await guard(admin, input, actor);
    await db.transaction(async (tx) => {
      const removed = await repo.deletePasskey(tx, admin.id, id);
      if (!removed) throw notFound(secondFactorMessages.passkeyNotFound);
      if (!(await hasFactor(admin.id, tx))) await repo.deleteRecoveryCodes(tx, admin.id);
      await appendAudit(tx, actor, {
        action: 'SECURITY_CHANGE',
        targetType: 'admin',
        targetId: admin.id,
        summary: `2단계 인증 해제 (패스키 "${removed.name}", ${METHOD_WORDS[method]}로 확인)`,
      });
    });
  }

  return {
    assertionOptions,
    stepUpOptions,
    registrationOptions,
    registerPasskey,
    removePasskey,
    methodsOf,
    prove,
    mine,
    setupTotp,
    confirmTotp,
    removeTotp,
    renewRecoveryCodes,
    reset,
    stepUp,
    assertFresh,
  };
}
export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
