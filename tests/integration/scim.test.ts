// SCIM 2.0 provisioning (issue #53), called as Okta and Entra ID call it: their documented request bodies, filters,
// paging and PATCH forms; the token's management, its refusal on /api, deactivation ending a live session, SCIM's
// error schema, and another company's people out of sight.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditEvents, userRoles, users } from '../../db/schema.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let token: string;

/** A SCIM client with the given bearer token. */
const scim = (bearer: string) => ({
  get: (url: string) => request(t.app).get(`/scim/v2${url}`).set('Authorization', `Bearer ${bearer}`),
  post: (url: string, body: object) => request(t.app).post(`/scim/v2${url}`).set('Authorization', `Bearer ${bearer}`).type('application/scim+json').send(JSON.stringify(body)),
  put: (url: string, body: object) => request(t.app).put(`/scim/v2${url}`).set('Authorization', `Bearer ${bearer}`).type('application/scim+json').send(JSON.stringify(body)),
  patch: (url: string, body: object) => request(t.app).patch(`/scim/v2${url}`).set('Authorization', `Bearer ${bearer}`).type('application/scim+json').send(JSON.stringify(body)),
  delete: (url: string) => request(t.app).delete(`/scim/v2${url}`).set('Authorization', `Bearer ${bearer}`),
});
const idp = () => scim(token);
const patchOps = (...Operations: object[]) => ({ schemas: [PATCH_OP], Operations });
const filtered = (filter: string, extra = '') => idp().get(`/Users?filter=${encodeURIComponent(filter)}${extra}`);

beforeAll(async () => {
  t = await testApp();
  admin = await signIn(t.app, 'admin@demo.test');
  const made = await admin.post('/api/company/scim_token');
  token = made.body.secret;
});
afterAll(() => t.drop());

describe('the SCIM token', () => {
  it('is for admins, shown once, kept as a prefix with its times', async () => {
    const seller = await signIn(t.app, 'seller@demo.test');
    expect((await seller.get('/api/company/scim_token')).status).toBe(403);
    expect((await seller.post('/api/company/scim_token')).status).toBe(403);
    expect(token).toMatch(/^rsscim_[\w-]{40}$/);
    const state = await admin.get('/api/company/scim_token');
    expect(state.body).toMatchObject({ baseUrl: 'http://localhost:3000/scim/v2', token: { prefix: token.slice(0, 13), createdBy: expect.any(String) } });
    expect(JSON.stringify(state.body)).not.toContain(token);
  });

  it('is refused when wrong or missing, and a cookie session is not a SCIM caller', async () => {
    for (const res of [await request(t.app).get('/scim/v2/Users'), await scim('rsscim_wrong').get('/Users'), await admin.get('/scim/v2/Users')]) {
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
      expect(res.body).toMatchObject({ schemas: [ERROR], status: '401' });
    }
  });

  it('does not open the rest of the API', async () => {
    for (const path of ['/api/users/me.json', '/api/users.json', '/api/company/scim_token']) {
      const res = await request(t.app).get(path).set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
    }
  });

  it('records its last use', async () => {
    await idp().get('/ServiceProviderConfig');
    expect((await admin.get('/api/company/scim_token')).body.token.lastUsedAt).not.toBeNull();
  });
});

describe('discovery', () => {
  it('answers the service provider config, resource types and schemas', async () => {
    const config = await idp().get('/ServiceProviderConfig');
    expect(config.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true, maxResults: 200 }, bulk: { supported: false } });
    expect((await idp().get('/ResourceTypes')).body.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    expect((await idp().get('/ResourceTypes/User')).body.schema).toBe(USER);
    const schemas = await idp().get('/Schemas');
    expect(schemas.body.totalResults).toBe(2);
    expect((await idp().get(`/Schemas/${USER}`)).body.attributes.map((a: { name: string }) => a.name)).toContain('userName');
    expect((await idp().get('/Nothing')).body).toMatchObject({ schemas: [ERROR], status: '404' });
  });
});

describe('users as Okta provisions them', () => {
  let id: string;

  it('creates a consumer without a password, with its externalId, audited as by SCIM', async () => {
    const res = await idp().post('/Users', {
      schemas: [USER],
      userName: 'ada.okta@demo.test',
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      emails: [{ primary: true, value: 'ada.okta@demo.test', type: 'work' }],
      displayName: 'Ada Lovelace',
      locale: 'en-US',
      externalId: '00u1abcdEFGH',
      groups: [],
      password: 'a-password-okta-sends',
      active: true,
    });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
    id = res.body.id;
    expect(res.headers.location).toBe(`http://localhost:3000/scim/v2/Users/${id}`);
    expect(res.body).toMatchObject({
      schemas: [USER],
      userName: 'ada.okta@demo.test',
      externalId: '00u1abcdEFGH',
      displayName: 'Ada Lovelace',
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      emails: [{ value: 'ada.okta@demo.test', primary: true }],
      active: true,
      meta: { resourceType: 'User' },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, Number(id)));
    expect(row.passwordHash).toBeNull();
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, row.id))).toEqual([]);
    const [audit] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.targetId, row.id), eq(auditEvents.action, 'user.create')));
    expect(audit.actorUserId).toBeNull();
    expect(audit.summary).toMatch(/by SCIM$/);
  });

  it('finds it by userName as Okta looks before creating, and refuses it twice', async () => {
    const found = await filtered('userName eq "ada.okta@demo.test"', '&startIndex=1&count=100');
    expect(found.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(found.body.Resources[0].id).toBe(id);
    expect((await filtered('userName eq "ADA.OKTA@demo.test"')).body.totalResults).toBe(1);
    expect((await filtered('userName eq "nobody@demo.test"')).body).toMatchObject({ totalResults: 0, Resources: [] });

    const again = await idp().post('/Users', { schemas: [USER], userName: 'ada.okta@demo.test', emails: [{ value: 'ada2@demo.test' }] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
    const sameEmail = await idp().post('/Users', { schemas: [USER], userName: 'someone-else', emails: [{ value: 'seller@demo.test' }] });
    expect(sameEmail.body.scimType).toBe('uniqueness');
  });

  it('filters with eq, co, sw, pr, and, or and not on the attributes identity providers use', async () => {
    const ids = async (filter: string) => (await filtered(filter)).body.Resources.map((r: { id: string }) => r.id);
    expect(await ids('externalId eq "00u1abcdEFGH"')).toEqual([id]);
    expect(await ids('externalId eq "00u1abcdefgh"')).toEqual([]);
    expect(await ids('emails.value eq "ada.okta@demo.test"')).toEqual([id]);
    expect(await ids('emails[type eq "work" and value co "ada.okta"]')).toEqual([id]);
    expect(await ids('displayName sw "ada love" and active eq true')).toEqual([id]);
    expect(await ids('userName co "okta" and externalId pr')).toEqual([id]);
    expect(await ids('userName eq "nobody" or externalId eq "00u1abcdEFGH"')).toEqual([id]);
    expect(await ids('urn:ietf:params:scim:schemas:core:2.0:User:userName eq "ada.okta@demo.test"')).toEqual([id]);
    expect(await ids('externalId pr and not (userName co "okta")')).toEqual([]);
  });

  it('pages with startIndex and count, and counts with count=0', async () => {
    const all = await idp().get('/Users?count=200');
    const total = all.body.totalResults;
    expect(total).toBeGreaterThan(5);
    const page = await idp().get('/Users?startIndex=3&count=2');
    expect(page.body).toMatchObject({ totalResults: total, startIndex: 3, itemsPerPage: 2 });
    expect(page.body.Resources.map((r: { id: string }) => r.id)).toEqual(all.body.Resources.slice(2, 4).map((r: { id: string }) => r.id));
    expect((await idp().get('/Users?count=0')).body).toMatchObject({ totalResults: total, itemsPerPage: 0, Resources: [] });
    const projected = await idp().get('/Users?count=1&attributes=userName');
    expect(Object.keys(projected.body.Resources[0]).sort()).toEqual(['id', 'schemas', 'userName']);
  });

  it('answers a bad filter with 400 invalidFilter and bad values with 400 invalidValue', async () => {
    for (const filter of ['userName eq', 'userName xx "a"', 'password eq "x"', 'active eq "maybe"', 'meta.created gt "yesterday"']) {
      const res = await filtered(filter);
      expect(res.status, filter).toBe(400);
      expect(res.body).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidFilter' });
    }
    expect((await idp().get('/Users?count=many')).body.scimType).toBe('invalidValue');
    const noEmail = await idp().post('/Users', { schemas: [USER], userName: 'no-email' });
    expect(noEmail.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const badEmail = await idp().post('/Users', { schemas: [USER], userName: 'x', emails: [{ value: 'not an email' }] });
    expect(badEmail.body.detail).toMatch(/^emails\.0\.value/);
    const outside = await idp().post('/Users', { schemas: [USER], userName: 'x@elsewhere.test' });
    expect(outside.body.detail).toMatch(/demo\.test/);
    const malformed = await request(t.app).post('/scim/v2/Users').set('Authorization', `Bearer ${token}`).type('application/scim+json').send('{"userName":');
    expect(malformed.body).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
    expect(await t.db.select().from(users).where(eq(users.username, 'no-email'))).toEqual([]);
  });

  it('deactivates with replace active false (no path), reactivates, replaces with PUT and deactivates on DELETE', async () => {
    const off = await idp().patch(`/Users/${id}`, patchOps({ op: 'replace', value: { active: false } }));
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await filtered('active eq false')).body.Resources.map((r: { id: string }) => r.id)).toContain(id);
    const on = await idp().patch(`/Users/${id}`, patchOps({ op: 'replace', path: 'active', value: true }));
    expect(on.body.active).toBe(true);

    const put = await idp().put(`/Users/${id}`, {
      schemas: [USER],
      id,
      userName: 'ada.okta@demo.test',
      name: { givenName: 'Ada', familyName: 'King' },
      emails: [{ primary: true, value: 'ada.king@demo.test', type: 'work' }],
      displayName: 'Ada King',
      externalId: '00u1abcdEFGH',
      active: true,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ displayName: 'Ada King', emails: [{ value: 'ada.king@demo.test' }], name: { familyName: 'King' } });

    expect((await idp().delete(`/Users/${id}`)).status).toBe(204);
    expect((await idp().get(`/Users/${id}`)).body.active).toBe(false);
    expect((await idp().get('/Users/999999')).body).toMatchObject({ status: '404' });
  });
});

describe('users as Entra ID provisions them', () => {
  let id: string;

  it('creates a user with the enterprise extension and updates it with path PATCHes', async () => {
    const res = await idp().post('/Users', {
      schemas: [USER, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: 'Test_User_ab6490ee@demo.test',
      active: true,
      emails: [{ primary: true, type: 'work', value: 'Test_User_fd0ea19b@demo.test' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      roles: [],
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Sales' },
    });
    expect(res.status).toBe(201);
    id = res.body.id;
    expect(res.body).toMatchObject({ displayName: 'givenName familyName', emails: [{ value: 'test_user_fd0ea19b@demo.test' }] });

    const patched = await idp().patch(
      `/Users/${id}`,
      patchOps(
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@demo.test' },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'Marketing' },
      ),
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ emails: [{ value: 'updatedemail@demo.test' }], displayName: 'givenName updatedFamilyName', name: { familyName: 'updatedFamilyName' } });

    const renamed = await idp().patch(`/Users/${id}`, patchOps({ op: 'Replace', path: 'userName', value: 'renamed@demo.test' }, { op: 'Remove', path: 'externalId' }));
    expect(renamed.body.userName).toBe('renamed@demo.test');
    expect(renamed.body.externalId).toBeUndefined();
  });

  it('refuses a PATCH that would leave the user invalid, writing nothing', async () => {
    const res = await idp().patch(`/Users/${id}`, patchOps({ op: 'Replace', path: 'displayName', value: 'Kept?' }, { op: 'Replace', path: 'userName', value: '' }));
    expect(res.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect((await idp().get(`/Users/${id}`)).body.displayName).toBe('givenName updatedFamilyName');
    expect((await idp().patch(`/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'move', path: 'active' }] })).status).toBe(400);
    expect((await idp().patch(`/Users/${id}`, patchOps({ op: 'Replace', path: 'emails[type eq "work"', value: 'x' }))).status).toBe(400);
  });

  it('deactivating with "False" ends a live session at once; reactivating lets the user back in', async () => {
    const seller = await signIn(t.app, 'seller@demo.test');
    expect((await seller.get('/api/users/me.json')).status).toBe(200);
    const [found] = (await filtered('emails.value eq "seller@demo.test"')).body.Resources;

    const off = await idp().patch(`/Users/${found.id}`, patchOps({ op: 'Replace', path: 'active', value: 'False' }));
    expect(off.body.active).toBe(false);
    expect((await seller.get('/api/users/me.json')).status).toBe(401);
    await expect(signIn(t.app, 'seller@demo.test')).rejects.toThrow();
    const [audit] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.targetId, Number(found.id)), eq(auditEvents.action, 'user.deactivate'))).orderBy(desc(auditEvents.id));
    expect(audit).toMatchObject({ actorUserId: null, summary: expect.stringMatching(/^Deactivated .* by SCIM$/) });
    expect(audit.detail.endedSessions).toBeGreaterThanOrEqual(1);

    const on = await idp().patch(`/Users/${found.id}`, patchOps({ op: 'Replace', path: 'active', value: 'True' }));
    expect(on.body.active).toBe(true);
    expect((await (await signIn(t.app, 'seller@demo.test')).get('/api/users/me.json')).status).toBe(200);
  });

  it('lets an admin invite a provisioned person to set a password, keeping the account', async () => {
    const invited = await admin.post('/api/invitations.json', { email: 'updatedemail@demo.test', role: 'consumer', visibilityGroupId: null });
    expect(invited.status).toBe(201);
    const token = invited.body.path.split('/').pop();
    expect((await request(t.app).post(`/account/invitation/${token}`).send({ name: 'Typed Name', password: 'a-long-password-1' })).status).toBe(201);
    const signedIn = await signIn(t.app, 'updatedemail@demo.test', 'a-long-password-1');
    expect(signedIn.me).toMatchObject({ id: Number(id), name: 'givenName updatedFamilyName' });
    expect((await admin.post('/api/invitations.json', { email: 'updatedemail@demo.test', role: 'consumer', visibilityGroupId: null })).status).toBe(400);
  });

  it('keeps the last active admin', async () => {
    const [adminUser] = (await filtered('emails.value eq "admin@demo.test"')).body.Resources;
    const res = await idp().patch(`/Users/${adminUser.id}`, patchOps({ op: 'Replace', path: 'active', value: 'False' }));
    expect(res.body).toMatchObject({ status: '400', scimType: 'mutability' });
  });
});

describe('groups as visibility groups', () => {
  let groupId: string;
  let members: string[];

  beforeAll(async () => {
    const list = await idp().get('/Users?count=3');
    members = list.body.Resources.map((r: { id: string }) => r.id);
  });

  it('creates a group as Okta pushes it and finds it by displayName', async () => {
    const res = await idp().post('/Groups', { schemas: [GROUP], displayName: 'Okta Engineers', members: [] });
    expect(res.status).toBe(201);
    groupId = res.body.id;
    expect(res.body).toMatchObject({ schemas: [GROUP], displayName: 'Okta Engineers', members: [], meta: { resourceType: 'Group' } });
    const found = await idp().get(`/Groups?filter=${encodeURIComponent('displayName eq "okta engineers"')}`);
    expect(found.body.Resources.map((g: { id: string }) => g.id)).toEqual([groupId]);
    expect((await admin.get('/api/visibility_groups.json')).body.map((g: { name: string }) => g.name)).toContain('Okta Engineers');
    expect((await idp().post('/Groups', { schemas: [GROUP], displayName: 'okta engineers' })).body).toMatchObject({ status: '409', scimType: 'uniqueness' });
  });

  it('adds and removes members in the forms Okta and Entra ID send', async () => {
    const added = await idp().patch(`/Groups/${groupId}`, patchOps({ op: 'add', path: 'members', value: members.map((value) => ({ value, display: 'x' })) }));
    expect(added.status).toBe(200);
    expect(added.body.members.map((m: { value: string }) => m.value)).toEqual(members);
    expect((await idp().get(`/Users/${members[0]}`)).body.groups).toContainEqual({ value: groupId, display: 'Okta Engineers' });
    const withMember = `id eq "${groupId}" and members[value eq "${members[0]}"]`;
    expect((await idp().get(`/Groups?filter=${encodeURIComponent(withMember)}&excludedAttributes=members`)).body.Resources).toEqual([
      expect.not.objectContaining({ members: expect.anything() }),
    ]);

    const okta = await idp().patch(`/Groups/${groupId}`, patchOps({ op: 'remove', path: `members[value eq "${members[0]}"]` }));
    expect(okta.body.members.map((m: { value: string }) => m.value)).toEqual(members.slice(1));
    const entra = await idp().patch(`/Groups/${groupId}`, patchOps({ op: 'Remove', path: 'members', value: [{ value: members[1] }] }));
    expect(entra.body.members.map((m: { value: string }) => m.value)).toEqual(members.slice(2));
    const renamed = await idp().patch(`/Groups/${groupId}`, patchOps({ op: 'replace', value: { id: groupId, displayName: 'Platform Engineers' } }));
    expect(renamed.body).toMatchObject({ displayName: 'Platform Engineers', members: [{ value: members[2] }] });
    const emptied = await idp().patch(`/Groups/${groupId}`, patchOps({ op: 'remove', path: 'members' }));
    expect(emptied.body.members).toEqual([]);
  });

  it('refuses an unknown member writing nothing, replaces with PUT and deletes', async () => {
    const bad = await idp().post('/Groups', { schemas: [GROUP], displayName: 'Ghosts', members: [{ value: '999999' }] });
    expect(bad.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect((await idp().get(`/Groups?filter=${encodeURIComponent('displayName eq "Ghosts"')}`)).body.totalResults).toBe(0);

    const put = await idp().put(`/Groups/${groupId}`, { schemas: [GROUP], displayName: 'Platform', externalId: 'grp-1', members: [{ value: members[0] }] });
    expect(put.body).toMatchObject({ displayName: 'Platform', externalId: 'grp-1', members: [{ value: members[0] }] });
    expect((await idp().delete(`/Groups/${groupId}`)).status).toBe(204);
    expect((await idp().get(`/Groups/${groupId}`)).status).toBe(404);
  });
});

describe('another company', () => {
  it('sees only its own people, and none of ours', async () => {
    const outsider = await signInOutsider(t);
    const theirs = scim((await outsider.post('/api/company/scim_token')).body.secret);
    const list = await theirs.get('/Users');
    expect(list.body.Resources.map((r: { userName: string }) => r.userName)).toEqual(['olga']);
    const [ours] = (await filtered('emails.value eq "seller@demo.test"')).body.Resources;
    expect((await theirs.get(`/Users/${ours.id}`)).status).toBe(404);
    expect((await theirs.patch(`/Users/${ours.id}`, patchOps({ op: 'replace', path: 'active', value: false }))).status).toBe(404);
    expect((await theirs.delete(`/Users/${ours.id}`)).status).toBe(404);
    expect((await theirs.get(`/Users?filter=${encodeURIComponent('emails.value eq "seller@demo.test"')}`)).body.totalResults).toBe(0);
    expect((await theirs.get('/Groups')).body.totalResults).toBe(0);
    expect((await idp().get(`/Users/${ours.id}`)).body.active).toBe(true);
  });
});

describe('the rate limit', () => {
  it('answers 429 with Retry-After past 600 calls a minute of one token', async () => {
    const burst = scim((await admin.post('/api/company/scim_token')).body.secret);
    for (let i = 0; i < 600; i += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => burst.get('/ServiceProviderConfig')));
      expect(batch.every((r) => r.status === 200)).toBe(true);
    }
    const refused = await burst.get('/ServiceProviderConfig');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ schemas: [ERROR], status: '429', scimType: 'tooMany' });
    token = (await admin.post('/api/company/scim_token')).body.secret;
  });
});

describe('rotating and revoking', () => {
  it('stops the old token at once', async () => {
    const old = token;
    const rotated = await admin.post('/api/company/scim_token');
    expect(rotated.status).toBe(201);
    token = rotated.body.secret;
    expect((await scim(old).get('/Users')).status).toBe(401);
    expect((await idp().get('/Users')).status).toBe(200);
    expect((await admin.delete('/api/company/scim_token')).status).toBe(204);
    expect((await idp().get('/Users')).status).toBe(401);
    expect((await admin.get('/api/company/scim_token')).body.token).toBeNull();
  });
});
