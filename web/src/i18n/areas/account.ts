// The account strings (password reset, two-step verification): they load with the chunk that imports this module.
import { loadArea } from '../index.ts';

void loadArea('account');
