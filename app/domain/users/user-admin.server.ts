import { APIError } from "better-auth/api";
import { and, asc, count, desc, eq, like, or, type SQL, sql } from "drizzle-orm";

import { getAuth } from "~/auth/auth.server";
import type { Role } from "~/auth/rules";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { changeOwnPassword, type Outcome } from "~/domain/account/account.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { toContainsPattern } from "~/domain/catalog/catalog";
import type { FieldErrors } from "~/lib/form-data";

import {
  EMAIL_TAKEN_MESSAGE,
  LAST_ADMIN_MESSAGE,
  MAIN_ADMIN_CREDENTIALS_MESSAGE,
  MAIN_ADMIN_DELETE_MESSAGE,
  MAIN_ADMIN_ROLE_MESSAGE,
  MAIN_ADMIN_USERNAME_MESSAGE,
  type RoleFilter,
  roleLabels,
  SELF_DELETE_MESSAGE,
  SELF_DEMOTE_MESSAGE,
  type UserFormData,
  USERNAME_TAKEN_MESSAGE,
  type UserSortKey,
} from "./user-admin";

type Admin = { id: string };

const USERS_PAGE_SIZE = 25;

/** What a visitor calls the account: the username as typed, else (shoppers) nothing. */
const shownUsername = sql<string | null>`coalesce(${users.displayUsername}, ${users.username})`;

const sortColumns: Record<UserSortKey, SQL> = {
  usuario: sql`lower(coalesce(${users.username}, ${users.email}))`,
  email: sql`${users.email}`,
  rol: sql`${users.role}`,
  alta: sql`${users.createdAt}`,
};

/** One page of the users list: administrators and the shoppers who registered on the store. */
export async function listUsers(query: {
  q: string;
  role: RoleFilter;
  sort: UserSortKey;
  direction: "asc" | "desc";
  page: number;
}) {
  const conditions: SQL[] = [];
  if (query.role !== "all") conditions.push(eq(users.role, query.role));
  const needle = query.q.trim().toLowerCase();
  if (needle) {
    const pattern = toContainsPattern(needle);
    conditions.push(or(like(users.username, pattern), like(users.email, pattern))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const db = getDb();
  const [totals] = await db.select({ total: count() }).from(users).where(where);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const direction = query.direction === "desc" ? desc : asc;
  const rows = await db
    .select({
      id: users.id,
      username: shownUsername,
      name: users.name,
      email: users.email,
      role: users.role,
      isMainAdmin: users.isMainAdmin,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(direction(sortColumns[query.sort]), direction(users.id))
    .limit(USERS_PAGE_SIZE)
    .offset((page - 1) * USERS_PAGE_SIZE);
  return {
    rows: rows.map((row) => ({ ...row, role: toRole(row.role) })),
    total,
    page,
    pageCount,
  };
}

export type UserListRow = Awaited<ReturnType<typeof listUsers>>["rows"][number];

function toRole(value: string): Role {
  return value === "admin" ? "admin" : "user";
}

export type UserForEditor = {
  id: string;
  username: string;
  email: string;
  role: Role;
  isMainAdmin: boolean;
  hasUsername: boolean;
};

export async function getUserForEditor(id: string): Promise<UserForEditor | null> {
  const [row] = await getDb()
    .select({
      id: users.id,
      username: shownUsername,
      email: users.email,
      role: users.role,
      isMainAdmin: users.isMainAdmin,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!row) return null;
  return { ...row, username: row.username ?? "", role: toRole(row.role), hasUsername: row.username !== null };
}

export type SaveUserResult =
  | { status: "saved"; username: string; isPasswordChanged: boolean }
  | { status: "not-found" }
  /** A value clashes with another account: shown under its field. */
  | { status: "invalid"; errors: FieldErrors; message: string }
  /** A protected account or role: the change is refused as a whole. */
  | { status: "refused"; message: string };

async function findClashes(input: { username: string; email: string }, exceptId?: string): Promise<FieldErrors> {
  const rows = await getDb()
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(or(eq(users.username, input.username.toLowerCase()), eq(users.email, input.email)));
  const errors: FieldErrors = {};
  for (const row of rows) {
    if (row.id === exceptId) continue;
    if (row.username === input.username.toLowerCase()) errors.username = USERNAME_TAKEN_MESSAGE;
    if (row.email === input.email) errors.email = EMAIL_TAKEN_MESSAGE;
  }
  return errors;
}

function invalid(errors: FieldErrors): SaveUserResult {
  return { status: "invalid", errors, message: errors.username ?? errors.email ?? Object.values(errors)[0] ?? "" };
}

/** A unique-index violation of PostgreSQL (a concurrent save took the name first). */
function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; cause?: { code?: string } } | null;
  return (candidate?.code ?? candidate?.cause?.code) === "23505";
}

/**
 * Creates an account that can sign in: better-auth's admin endpoint hashes the password
 * and writes the user and its credential in one transaction, and checks, from the
 * request's session, that the caller is an administrator.
 */
export async function createUser(request: Request, admin: Admin, input: UserFormData): Promise<SaveUserResult> {
  const clashes = await findClashes(input);
  if (Object.keys(clashes).length > 0) return invalid(clashes);
  let created;
  try {
    created = await getAuth().api.createUser({
      body: {
        email: input.email,
        password: input.password,
        name: input.username,
        role: input.role,
        data: { username: input.username, displayUsername: input.username },
      },
      headers: request.headers,
    });
  } catch (error) {
    const code = error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
    if (code === "USERNAME_IS_ALREADY_TAKEN") return invalid({ username: USERNAME_TAKEN_MESSAGE });
    if (code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") return invalid({ email: EMAIL_TAKEN_MESSAGE });
    throw error;
  }
  // The user is committed by better-auth's own transaction; the entry follows it.
  await recordAudit({
    userId: admin.id,
    action: "create",
    entity: "user",
    entityId: created.user.id,
    summary: { username: input.username, email: input.email, role: roleLabels[input.role] },
  });
  return { status: "saved", username: input.username, isPasswordChanged: false };
}

/**
 * Saves username, e-mail and role in one transaction with its audit entry. The
 * administrators' rows are locked first, so two admins demoting each other at the same
 * moment cannot leave the shop without one. The password, when typed, is set afterwards
 * with better-auth's hasher, and the account's sessions are ended (unless it is the
 * caller's own) so that whoever knew the old one is out.
 */
export async function updateUser(admin: Admin, id: string, input: UserFormData): Promise<SaveUserResult> {
  const clashes = await findClashes(input, id);
  if (Object.keys(clashes).length > 0) return invalid(clashes);

  let outcome: SaveUserResult;
  try {
    outcome = await getDb().transaction(async (tx): Promise<SaveUserResult> => {
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
      const [current] = await tx.select().from(users).where(eq(users.id, id)).for("update");
      if (!current) return { status: "not-found" };
      const currentUsername = current.displayUsername ?? current.username ?? "";
      const isUsernameChanged = current.username !== input.username.toLowerCase() || currentUsername !== input.username;
      const isRoleChanged = current.role !== input.role;
      if (current.isMainAdmin && isRoleChanged) return { status: "refused", message: MAIN_ADMIN_ROLE_MESSAGE };
      if (current.isMainAdmin && isUsernameChanged) return { status: "refused", message: MAIN_ADMIN_USERNAME_MESSAGE };
      // Another administrator who could set the owner's e-mail or password could take over
      // the owner's account (and then lock them out); only the owner changes those.
      const isEmailChanged = current.email !== input.email;
      if (current.isMainAdmin && current.id !== admin.id && (isEmailChanged || input.password !== "")) {
        return { status: "refused", message: MAIN_ADMIN_CREDENTIALS_MESSAGE };
      }
      if (isRoleChanged && current.role === "admin") {
        if (current.id === admin.id) return { status: "refused", message: SELF_DEMOTE_MESSAGE };
        if (admins.length <= 1) return { status: "refused", message: LAST_ADMIN_MESSAGE };
      }

      const changes: Record<string, unknown> = {};
      if (isUsernameChanged) changes.username = input.username;
      if (isEmailChanged) changes.email = input.email;
      if (isRoleChanged) changes.role = roleLabels[input.role];
      if (input.password !== "") changes.password = "cambiada";

      await tx
        .update(users)
        .set({
          // better-auth's username plugin signs in by the lower-cased name and shows the typed one.
          username: input.username.toLowerCase(),
          displayUsername: input.username,
          // Accounts created here are named after their username; a shopper keeps their full name.
          ...(current.name === currentUsername ? { name: input.username } : {}),
          email: input.email,
          // An address typed by an administrator has not been confirmed by its owner.
          ...(isEmailChanged ? { emailVerified: false } : {}),
          role: input.role,
        })
        .where(eq(users.id, id));
      await recordAudit(
        {
          userId: admin.id,
          action: "update",
          entity: "user",
          entityId: id,
          summary: { username: input.username, ...changes },
        },
        tx,
      );
      return { status: "saved", username: input.username, isPasswordChanged: input.password !== "" };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return invalid(await findClashes(input, id));
    throw error;
  }

  if (outcome.status === "saved" && input.password !== "") {
    await setPassword(id, input.password, { isOwnAccount: id === admin.id });
  }
  return outcome;
}

/** better-auth's hasher and account store, as the main administrator's creation does. */
async function setPassword(userId: string, password: string, options: { isOwnAccount: boolean }) {
  const auth = await getAuth().$context;
  const hash = await auth.password.hash(password);
  if (await auth.internalAdapter.findCredentialAccount(userId)) {
    await auth.internalAdapter.updatePassword(userId, hash);
  } else {
    await auth.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
  }
  if (!options.isOwnAccount) await auth.internalAdapter.deleteUserSessions(userId);
}

export type RemoveUserResult =
  { status: "removed"; username: string } | { status: "not-found" } | { status: "refused"; message: string };

/**
 * Deletes the account in one transaction with its audit entry, the administrators'
 * rows locked as in updateUser. The foreign keys remove its sessions and credentials
 * with it (so a removed administrator is out at the next request), keep its orders
 * without the link to the account, and keep the complaints book untouched.
 */
export async function removeUser(admin: Admin, id: string): Promise<RemoveUserResult> {
  return getDb().transaction(async (tx): Promise<RemoveUserResult> => {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for("update");
    if (!current) return { status: "not-found" };
    if (current.isMainAdmin) return { status: "refused", message: MAIN_ADMIN_DELETE_MESSAGE };
    if (current.id === admin.id) return { status: "refused", message: SELF_DELETE_MESSAGE };
    if (current.role === "admin" && admins.length <= 1) return { status: "refused", message: LAST_ADMIN_MESSAGE };

    await tx.delete(users).where(eq(users.id, id));
    const username = current.displayUsername ?? current.username ?? current.email;
    await recordAudit(
      {
        userId: admin.id,
        action: "delete",
        entity: "user",
        entityId: id,
        summary: { username, email: current.email, role: roleLabels[toRole(current.role)] },
      },
      tx,
    );
    return { status: "removed", username };
  });
}

/**
 * The administrator's own password, from /admin/cuenta: the shoppers' change (better-auth
 * checks the current password, and ends the account's other sessions), then an audit entry.
 */
export async function changeAdminPassword(
  request: Request,
  admin: Admin,
  passwords: { currentPassword: string; newPassword: string },
): Promise<Outcome> {
  const outcome = await changeOwnPassword(request, passwords);
  if (outcome.ok) {
    await recordAudit({
      userId: admin.id,
      action: "update",
      entity: "user",
      entityId: admin.id,
      summary: { password: "cambiada" },
    });
  }
  return outcome;
}
