import type { FastifyInstance } from "fastify";
import { issueTppCertificate, type Psd2Role } from "../../psd2/certificates";
import { createSignedTestClient, type SignedTestClient } from "./signed-test-client";

/**
 * Another TPP for isolation tests: a certificate with its own organizationIdentifier and roles,
 * issued by the bank's own sandbox CA (a trust anchor of every bank), and a client signing with it.
 */
export function issueTestTpp(
  app: FastifyInstance,
  options: { organizationIdentifier: string; organizationName: string; roles: readonly Psd2Role[] },
): SignedTestClient {
  const issued = issueTppCertificate({
    issuer: app.bank.pki.ca,
    organizationName: options.organizationName,
    organizationIdentifier: options.organizationIdentifier,
    roles: options.roles,
    now: new Date(app.bank.clock.now().getTime() - 24 * 60 * 60 * 1000),
    validityDays: 3650,
  });
  if (!issued.privateKeyPem) throw new Error("the test TPP certificate came without its key");
  return createSignedTestClient(app, { privateKeyPem: issued.privateKeyPem, certificatePem: issued.certificatePem });
}
