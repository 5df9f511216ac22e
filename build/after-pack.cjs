// electron-builder afterPack hook: flips the Electron fuses of the packed binary before it is
// signed (docs/security.md). CommonJS because electron-builder loads hooks with require().
const { join } = require('node:path');
const { flipFuses, FuseV1Options, FuseVersion } = require('@electron/fuses');

/** The fuse settings every Bullpen build ships with; unit-tested in test/integration/packaging-config.test.ts. */
function fuseConfig() {
  return {
    version: FuseVersion.V1,
    // The binary is never a plain Node.js: ELECTRON_RUN_AS_NODE has no effect.
    [FuseV1Options.RunAsNode]: false,
    // NODE_OPTIONS and --inspect/--inspect-brk cannot inject code or open a debugger.
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    // Cookies on disk are encrypted with the OS key store.
    [FuseV1Options.EnableCookieEncryption]: true,
    // The app code is read only from app.asar, whose integrity is checked against the signed header.
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    // The renderer is served from app://, so file:// needs none of its legacy privileges.
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  };
}

/** Path of the Electron executable electron-builder just packed, per platform. */
function electronBinaryPath(context) {
  const name = context.packager.appInfo.productFilename;
  switch (context.electronPlatformName) {
    case 'darwin':
    case 'mas':
      return join(context.appOutDir, `${name}.app`);
    case 'win32':
      return join(context.appOutDir, `${name}.exe`);
    default:
      return join(context.appOutDir, context.packager.executableName);
  }
}

async function afterPack(context) {
  const darwin = context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas';
  // Flipping fuses invalidates an ad-hoc signature on Apple silicon; re-sign it ad hoc.
  await flipFuses(electronBinaryPath(context), { ...fuseConfig(), resetAdHocDarwinSignature: darwin });
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.fuseConfig = fuseConfig;
module.exports.electronBinaryPath = electronBinaryPath;
