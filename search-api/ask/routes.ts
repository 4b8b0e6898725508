// Routes of Ask (answers over SSE, chat sessions, feedback, prompt library).
import express from 'express';
import type { AppDeps } from '../app.ts';

export function askRoutes(_deps: AppDeps) {
  const router = express.Router();
  return router;
}
