// Form and query decoding: Parameters(urlEncoded:) on the raw bytes, through Request.form() as a
// POST body, and Request(method:target:) on the bytes as a request target.
import FuzzSupport

@testable import MVVMWebServer

let formType: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = bytes(data, size)
  let parameters = Parameters(urlEncoded: input)
  if let parameters {
    // What decodes must survive encoding and decoding again unchanged.
    let again = Parameters(urlEncoded: Array(encode(parameters).utf8))
    check(again == parameters, "\(parameters.pairs) came back as \(String(describing: again))")
  }
  let request = try? Request(method: .post, target: "/", headers: formType, body: input)
  check(request != nil, "a plain POST could not be built")
  check((try? request?.form()) == parameters, "form() disagrees with Parameters(urlEncoded:)")

  let target = String(decoding: input, as: UTF8.self)
  if let request = try? Request(method: .get, target: target) {
    check(request.target == target, "the target changed")
    if !target.hasPrefix("http://") && !target.hasPrefix("https://") {
      check(target.utf8.starts(with: request.path.utf8), "the path is not the start of the target")
      if let question = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
        let query = Parameters(urlEncoded: target.utf8[target.utf8.index(after: question)...])
        check(query == request.query, "the query decoded differently")
      }
    }
    check(!request.pathSegments.contains(""), "an empty path segment")
  }
  return 0
}

/// Percent-encodes every byte but unreserved ones (RFC 3986), as a browser-like form would.
func encode(_ parameters: Parameters) -> String {
  func escape(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      case UInt8(ascii: " "):
        out += "+"
      default:
        let hex = Array("0123456789ABCDEF".utf8)
        out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
      }
    }
    return out
  }
  return parameters.pairs.map { escape($0.name) + "=" + escape($0.value) }.joined(separator: "&")
}

runFuzzer(fuzz)
