// Routes of the intel feed (GET/PATCH /intel/v1..., submit intel POST /alerts.json, saved views).
import express from 'express';
import type { AppDeps } from '../app.ts';

export function intelRoutes(_deps: AppDeps) {
  const router = express.Router();
  return router;
}
