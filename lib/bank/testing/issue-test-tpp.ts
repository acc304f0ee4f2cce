import type { FastifyInstance } from "fastify";
import { issueTppCertificate, type Psd2Role } from "../../psd2/certificates";
import { createSignedTestClient, type SignedTestClient } from "./signed-test-client";

/**
 * Each test TPP's key, by organizationIdentifier: the key made with its first certificate in this
 * process, kept for the next, as a TPP keeps its key when its certificate is issued again (a new
 * RSA key per call was most of this helper's cost).
 */
const keysByOrganization = new Map<string, string>();

/**
 * Another TPP for isolation tests: a certificate with its own organizationIdentifier (and key)
 * and roles, issued by the bank's own sandbox CA (a trust anchor of every bank), and a client
 * signing with it.
 */
export function issueTestTpp(
  app: FastifyInstance,
  options: { organizationIdentifier: string; organizationName: string; roles: readonly Psd2Role[] },
): SignedTestClient {
  const kept = keysByOrganization.get(options.organizationIdentifier);
  const issued = issueTppCertificate({
    issuer: app.bank.pki.ca,
    organizationName: options.organizationName,
    organizationIdentifier: options.organizationIdentifier,
    roles: options.roles,
    ...(kept === undefined ? {} : { subjectKey: { privateKeyPem: kept } }),
    now: new Date(app.bank.clock.now().getTime() - 24 * 60 * 60 * 1000),
    validityDays: 3650,
  });
  const privateKeyPem = kept ?? issued.privateKeyPem;
  if (!privateKeyPem) throw new Error("the test TPP certificate came without its key");
  keysByOrganization.set(options.organizationIdentifier, privateKeyPem);
  return createSignedTestClient(app, { privateKeyPem, certificatePem: issued.certificatePem });
}
