// Routes of email digests and post favorites.
import express from 'express';
import type { AppDeps } from '../app.ts';

export function digestRoutes(_deps: AppDeps) {
  const router = express.Router();
  return router;
}
