import Foundation
import Greetings
import MVVMWeb

/// A line on standard error, which is unbuffered, like the server's own log.
func say(_ line: String) { FileHandle.standardError.write(Data("hello: \(line)\n".utf8)) }

// `hello [--port N]`: the hello page on http://127.0.0.1:N (8080 by default) until Ctrl-C.
let arguments = CommandLine.arguments
var port = 8080
if let flag = arguments.firstIndex(of: "--port") {
  guard let value = arguments.dropFirst(flag + 1).first.flatMap({ Int($0) }),
    (0...65535).contains(value)
  else {
    say("--port takes a number from 0 to 65535")
    exit(2)
  }
  port = value
}

// The templates and the stylesheet are this package's, found from this file wherever `hello`
// is started. The live pages' script is the framework's: every site serves it.
let package = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../..")
let configuration = SiteConfiguration(
  templatesDirectory: package.appending(path: "Templates").standardized.path,
  publicDirectory: package.appending(path: "Public").standardized.path)

do {
  var site = Site(configuration)
  try site.add(HelloFeature(list: GreetingList(changes: site.changes)))
  try site.staticFiles()
  let website = try site.build()
  let server = HTTPServer(
    configuration: try website.serverConfiguration(address: .tcp(host: "127.0.0.1", port: port)),
    responder: website)
  try server.start()
  say("serving on http://127.0.0.1:\(server.port)")
  server.runUntilSignalled()
} catch {
  say("cannot start: \(error)")
  exit(1)
}
