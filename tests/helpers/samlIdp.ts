// A SAML identity provider for the SSO tests: a fresh key and certificate (selfsigned), its metadata, and responses
// it signs with node-saml's own XML signing (xml-crypto underneath), each part changeable so a test can make the
// responses a broken or hostile IdP would send: unsigned, signed by a stranger, expired, for another audience or
// recipient, or wrapped around a signed assertion.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { signSamlPost } from '@node-saml/node-saml/lib/saml-post-signing.js';
import { generate } from 'selfsigned';

const ASSERTION_XPATH = "/*[local-name(.)='Response']/*[local-name(.)='Assertion']";
const newKey = () => generate([{ name: 'commonName', value: 'Rivalscope test IdP' }], { keySize: 2048, algorithm: 'sha256' });

export type SamlResponseOptions = {
  email: string;
  name?: string;
  groups?: string[];
  audience: string;
  recipient: string;
  destination?: string;
  inResponseTo?: string;
  /** Milliseconds from now; the assertion is valid from 1 minute before issue to this. */
  expiresIn?: number;
  sign?: 'assertion' | 'none' | 'stranger';
};

export async function samlIdp(entityId = 'https://idp.example.test/saml') {
  const [key, stranger] = await Promise.all([newKey(), newKey()]);
  const certificate = key.cert.replace(/-----[^-]+-----|\s/g, '');
  const metadata = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${certificate}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example.test/sso/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.test/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

  /** The unsigned assertion XML. */
  function assertion(o: SamlResponseOptions, id = `_a${crypto.randomUUID()}`) {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const until = iso(now + (o.expiresIn ?? 5 * 60_000));
    const irt = o.inResponseTo ? ` InResponseTo="${o.inResponseTo}"` : '';
    const values = (o.groups ?? []).map((g) => `<saml:AttributeValue>${g}</saml:AttributeValue>`).join('');
    return `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${iso(now)}"><saml:Issuer>${entityId}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${o.email}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${until}" Recipient="${o.recipient}"${irt}/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${iso(now - 60_000)}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${o.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s${id}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement><saml:Attribute Name="displayName"><saml:AttributeValue>${o.name ?? ''}</saml:AttributeValue></saml:Attribute><saml:Attribute Name="memberOf">${values}</saml:Attribute></saml:AttributeStatement></saml:Assertion>`;
  }

  function wrap(o: Pick<SamlResponseOptions, 'destination' | 'inResponseTo' | 'recipient'>, inner: string) {
    const irt = o.inResponseTo ? ` InResponseTo="${o.inResponseTo}"` : '';
    return `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${crypto.randomUUID()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${o.destination ?? o.recipient}"${irt}><saml:Issuer>${entityId}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${inner}</samlp:Response>`;
  }

  /** The Response XML, its assertion signed as asked. */
  function responseXml(o: SamlResponseOptions): string {
    const xml = wrap(o, assertion(o));
    const sign = o.sign ?? 'assertion';
    if (sign === 'none') return xml;
    return signSamlPost(xml, ASSERTION_XPATH, { privateKey: (sign === 'stranger' ? stranger : key).private, signatureAlgorithm: 'sha256' });
  }

  const encode = (xml: string) => Buffer.from(xml).toString('base64');

  return {
    entityId,
    metadata,
    response: (o: SamlResponseOptions) => encode(responseXml(o)),
    /** A signed response whose signed assertion for `o.email` was altered afterwards to name `email`. */
    tampered: (o: SamlResponseOptions, email: string) => encode(responseXml(o).replace(`>${o.email}<`, `>${email}<`)),
    /**
     * Signature wrapping: an unsigned assertion for `attacker` takes the signed one's place, carrying the genuinely
     * signed assertion of `o.email` inside its Advice, where a careless verifier would find a valid signature.
     */
    wrapped: (o: SamlResponseOptions, attacker: string) => {
      const signed = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(responseXml(o))![0];
      const evil = assertion({ ...o, email: attacker }).replace('<saml:Conditions', `<saml:Advice>${signed}</saml:Advice><saml:Conditions`);
      return encode(wrap(o, evil));
    },
    /** The ID of the AuthnRequest in an HTTP-Redirect binding URL. */
    requestIdOf: (redirectUrl: string) => {
      const request = zlib.inflateRawSync(Buffer.from(new URL(redirectUrl).searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
      return /\sID="([^"]+)"/.exec(request)![1];
    },
  };
}
