// Routes of card, board, battlecard, tag, source, sentiment, feedback and provider authoring.
import express from 'express';
import type { AppDeps } from '../app.ts';

export function cardRoutes(_deps: AppDeps) {
  const router = express.Router();
  return router;
}
