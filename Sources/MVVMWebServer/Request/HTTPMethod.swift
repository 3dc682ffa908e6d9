import HTTPTypes

/// A request's method, as swift-http-types names it: `.get`, `.post`, `.delete`, or any other
/// token (`HTTPMethod("PURGE")`). Routes and requests carry it as a type, never as a string: a
/// request's `method` compares with one (`request.method == .head`), and a site's route names
/// its own:
///
/// ```swift
/// site.add(.delete, Self.match, allowed: .everyone) { _, _ in
///   deleted.add(1, ordering: .relaxed)
///   return .text("deleted")
/// }
/// ```
public typealias HTTPMethod = HTTPRequest.Method
