/** The stored end user (a row of data/users.json). */
import type { Row } from '../storage/index.js';

export interface UserRow extends Row {
  username: string;
  /** Lower-cased. */
  email: string;
  /** `local` for accounts with a password, else the provider name. */
  provider: string;
  /** A self-describing scrypt hash (`auth/password.ts`), or null for provider accounts. Never returned. */
  password: string | null;
  /** Stored hashed; never returned. */
  resetPasswordToken: string | null;
  /** Stored hashed; never returned. */
  confirmationToken: string | null;
  confirmed: boolean;
  blocked: boolean;
  /** id of the user's role. */
  role: number | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
}
