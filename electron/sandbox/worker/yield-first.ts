import { yieldToApp } from './thread-priority';

// Imported first by the worker's entry, so the sandbox's code (a second or more to load on a busy
// machine, while Chromium starts and the window loads) already loads below the app's threads.
yieldToApp();
