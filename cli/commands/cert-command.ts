import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  CertificateError,
  createCertificateAuthority,
  isPsd2Role,
  issueTppCertificate,
  loadCertificatePem,
  loadPrivateKeyPem,
  type Psd2Role,
  readCertificateInfo,
} from "../../lib/psd2/certificates";
import { CliError } from "../cli-error";
import { type CliIo, readTextFile, requireFlag } from "../cli-io";

export const certUsage = [
  "psd2 cert issue --ca-cert C.pem --ca-key K.pem --org NAME --org-id ID --roles PSP_AI,PSP_PI --out DIR",
  "                [--cn NAME] [--country NO] [--days 730] [--nca-name Finanstilsynet --nca-id NO-FSA]",
  "psd2 cert inspect C.pem",
  "psd2 cert ca --org NAME --out DIR [--cn NAME] [--country NO] [--days 3650]",
].join("\n");

function certificateError(flag: string, error: unknown): never {
  if (error instanceof CertificateError) throw new CliError(`${flag}: ${error.message}`);
  throw error;
}

/** The JSON a developer wants to see of a certificate. */
function describeCertificate(pem: string, label: string) {
  let info;
  try {
    info = readCertificateInfo(pem);
  } catch (error) {
    certificateError(label, error);
  }
  return {
    keyId: info.keyId,
    roles: info.roles,
    organisationId: info.organizationIdentifier,
    organisationName: info.organizationName,
    commonName: info.commonName,
    competentAuthority: info.competentAuthority,
    validity: { notBefore: info.notBefore, notAfter: info.notAfter },
    serialNumber: info.serialNumber,
    subject: info.subject,
    issuer: info.issuer,
    isCa: info.isCa,
  };
}

function parseDays(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new CliError(`--days must be a positive whole number, not '${value}'`);
  return Number(value);
}

function writeOutputs(io: CliIo, dir: string, files: Record<string, string>): Record<string, string> {
  const target = path.resolve(io.cwd, dir);
  try {
    mkdirSync(target, { recursive: true });
  } catch {
    throw new CliError(`--out ${dir}: cannot create the directory`);
  }
  const written: Record<string, string> = {};
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(target, name);
    try {
      writeFileSync(file, content);
      if (name.includes("key")) chmodSync(file, 0o600);
    } catch {
      throw new CliError(`--out ${dir}: cannot write ${name}`);
    }
    written[name] = file;
  }
  return written;
}

function issue(args: string[], io: CliIo): number {
  const { values } = parseArgs({
    args,
    options: {
      "ca-cert": { type: "string" },
      "ca-key": { type: "string" },
      org: { type: "string" },
      "org-id": { type: "string" },
      roles: { type: "string" },
      out: { type: "string" },
      cn: { type: "string" },
      country: { type: "string" },
      days: { type: "string" },
      "nca-name": { type: "string" },
      "nca-id": { type: "string" },
    },
    strict: true,
  });
  const caCertFile = requireFlag(values, "ca-cert", certUsage);
  const caKeyFile = requireFlag(values, "ca-key", certUsage);
  const org = requireFlag(values, "org", certUsage);
  const orgId = requireFlag(values, "org-id", certUsage);
  const rolesText = requireFlag(values, "roles", certUsage);
  const out = requireFlag(values, "out", certUsage);
  const roles: Psd2Role[] = [];
  for (const role of rolesText.split(",").map((r) => r.trim())) {
    if (!isPsd2Role(role)) throw new CliError(`--roles: '${role}' is not a PSD2 role (PSP_AI, PSP_PI, PSP_AS, PSP_IC)`);
    roles.push(role);
  }
  if ((values["nca-name"] === undefined) !== (values["nca-id"] === undefined)) {
    throw new CliError("--nca-name and --nca-id go together");
  }
  let issuer;
  try {
    issuer = { certificatePem: loadCertificatePem(readTextFile(io, "--ca-cert", caCertFile)), privateKeyPem: "" };
  } catch (error) {
    certificateError(`--ca-cert ${caCertFile}`, error);
  }
  try {
    issuer.privateKeyPem = loadPrivateKeyPem(readTextFile(io, "--ca-key", caKeyFile));
  } catch (error) {
    certificateError(`--ca-key ${caKeyFile}`, error);
  }
  let issued;
  try {
    issued = issueTppCertificate({
      issuer,
      organizationName: org,
      organizationIdentifier: orgId,
      roles,
      now: io.now(),
      validityDays: parseDays(values.days, 730),
      ...(values.cn ? { commonName: values.cn } : {}),
      ...(values.country ? { country: values.country } : {}),
      ...(values["nca-name"] && values["nca-id"] ? { competentAuthority: { name: values["nca-name"], id: values["nca-id"] } } : {}),
    });
  } catch (error) {
    certificateError("cert issue", error);
  }
  const files = writeOutputs(io, out, {
    "certificate.pem": issued.certificatePem,
    ...(issued.privateKeyPem ? { "private-key.pem": issued.privateKeyPem } : {}),
  });
  io.stdout(`${JSON.stringify({ files, ...describeCertificate(issued.certificatePem, "the issued certificate") }, null, 2)}\n`);
  return 0;
}

function inspect(args: string[], io: CliIo): number {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) throw new CliError(`give one certificate file (${certUsage.split("\n")[2]?.trim()})`);
  const text = readTextFile(io, "certificate", file);
  let pem: string;
  try {
    pem = loadCertificatePem(text);
  } catch (error) {
    certificateError(file, error);
  }
  io.stdout(`${JSON.stringify(describeCertificate(pem, file), null, 2)}\n`);
  return 0;
}

function ca(args: string[], io: CliIo): number {
  const { values } = parseArgs({
    args,
    options: {
      org: { type: "string" },
      out: { type: "string" },
      cn: { type: "string" },
      country: { type: "string" },
      days: { type: "string" },
    },
    strict: true,
  });
  const org = requireFlag(values, "org", certUsage);
  const out = requireFlag(values, "out", certUsage);
  let authority;
  try {
    authority = createCertificateAuthority({
      organizationName: org,
      now: io.now(),
      validityDays: parseDays(values.days, 3650),
      ...(values.cn ? { commonName: values.cn } : {}),
      ...(values.country ? { country: values.country } : {}),
    });
  } catch (error) {
    certificateError("cert ca", error);
  }
  const files = writeOutputs(io, out, { "ca.cert.pem": authority.certificatePem, "ca.key.pem": authority.privateKeyPem });
  io.stdout(`${JSON.stringify({ files, ...describeCertificate(authority.certificatePem, "the CA certificate") }, null, 2)}\n`);
  return 0;
}

/** `psd2 cert issue|inspect|ca`: test certificates for TPP developers. @see docs/interface/certificates.md#certificates-and-tpp-registration */
export function certCommand(args: string[], io: CliIo): number {
  const [sub, ...rest] = args;
  if (sub === "issue") return issue(rest, io);
  if (sub === "inspect") return inspect(rest, io);
  if (sub === "ca") return ca(rest, io);
  throw new CliError(sub ? `unknown cert command '${sub}'\n${certUsage}` : `give a cert command\n${certUsage}`);
}
