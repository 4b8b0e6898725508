// The errors strings: how the web words the API's error answers. No first screen waits for them: the app starts
// loading them once it is up (api/errorText.ts), and a screen showing an error re-renders when they are in.
import { loadArea } from '../index.ts';

void loadArea('errors');
