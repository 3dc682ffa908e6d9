import HTTPTypes

/// A request's method, as swift-http-types names it: `.get`, `.post`, `.delete`, or any other
/// token (`HTTPMethod("PURGE")`). Routes and requests carry it as a type, never as a string.
///
/// ```swift
/// router.add(.delete, "/matches/:id") { request in … }
/// if request.method == .head { … }
/// ```
public typealias HTTPMethod = HTTPRequest.Method
