import MVVMWeb

/// The browser's half of passkeys (`passkeys.js` beside this file), compiled into the framework
/// and served by every site with accounts: a page includes it with
/// `<script src="/static/mvvmweb/passkeys.js" defer="defer"></script>`. Without it, or without
/// a browser that has passkeys, the pages are the same pages and the password forms work.
public enum PasskeyScript {
  /// Where the script is served.
  public static let path = "/static/mvvmweb/passkeys.js"

  static let file = StaticFile(
    bytes: PackageResources.passkeys_js, contentType: "text/javascript; charset=utf-8")
}
