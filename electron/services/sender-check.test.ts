import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl, isTrustedRendererUrl, isTrustedSender } from './sender-check';

const origins = { rendererFileUrl: 'file:///opt/bullpen/out/renderer/index.html' };
const dev = { ...origins, devServerUrl: 'http://localhost:5173' };

describe('sender checks', () => {
  it('accepts our built renderer, with or without query and hash', () => {
    expect(isTrustedRendererUrl('file:///opt/bullpen/out/renderer/index.html', origins)).toBe(true);
    expect(isTrustedRendererUrl('file:///opt/bullpen/out/renderer/index.html?panel=chart#x', origins)).toBe(
      true,
    );
  });

  it('rejects other files, other origins, bad URLs and missing frames', () => {
    expect(isTrustedRendererUrl('file:///tmp/evil.html', origins)).toBe(false);
    expect(isTrustedRendererUrl('file:///opt/bullpen/out/renderer/index.html/../../evil.html', origins)).toBe(
      false,
    );
    expect(isTrustedRendererUrl('https://evil.example/index.html', origins)).toBe(false);
    expect(isTrustedRendererUrl('http://localhost:5173/', origins)).toBe(false);
    expect(isTrustedRendererUrl('about:blank', origins)).toBe(false);
    expect(isTrustedRendererUrl('not a url', origins)).toBe(false);
    expect(isTrustedRendererUrl(undefined, origins)).toBe(false);
  });

  it('accepts the app:// page when configured, and no other page, host or scheme', () => {
    const app = { appUrl: 'app://bullpen/index.html' };
    expect(isTrustedRendererUrl('app://bullpen/index.html?panel=chart#x', app)).toBe(true);
    expect(isTrustedRendererUrl('app://bullpen/other.html', app)).toBe(false);
    expect(isTrustedRendererUrl('app://evil/index.html', app)).toBe(false);
    expect(isTrustedRendererUrl('apps://bullpen/index.html', app)).toBe(false);
    expect(isTrustedRendererUrl('file:///opt/bullpen/out/renderer/index.html', app)).toBe(false);
    expect(isTrustedRendererUrl('app://bullpen/index.html', origins)).toBe(false);
  });

  it('accepts the dev server origin only when configured, and only that origin', () => {
    expect(isTrustedRendererUrl('http://localhost:5173/?panel=chart', dev)).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isTrustedRendererUrl('http://localhost.evil.com:5173/', dev)).toBe(false);
  });

  it('requires the sender to be one of our web contents', () => {
    const ours = new Set([3, 4]);
    const url = 'file:///opt/bullpen/out/renderer/index.html';
    expect(isTrustedSender({ id: 3 }, url, ours, origins)).toBe(true);
    expect(isTrustedSender({ id: 9 }, url, ours, origins)).toBe(false);
    expect(isTrustedSender(null, url, ours, origins)).toBe(false);
    expect(isTrustedSender({ id: 3 }, 'https://evil.example/', ours, origins)).toBe(false);
  });

  it('opens only https links without credentials', () => {
    expect(isSafeExternalUrl('https://www.webull.com/help')).toBe(true);
    expect(isSafeExternalUrl('http://www.webull.com')).toBe(false);
    expect(isSafeExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeExternalUrl('file:///etc/passwd')).toBe(false);
    expect(isSafeExternalUrl('https://user:pw@evil.example')).toBe(false);
    expect(isSafeExternalUrl('smb://host/share')).toBe(false);
  });
});
