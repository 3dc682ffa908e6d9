import Fortunes
import MVVMWebServer

/// TechEmpower's Fortunes page at `/fortunes`: each request reads every fortune with one store
/// call, and the view model and template make the page from them, with no cache of the rows or
/// of the page. Like every page that reads the store, it runs on the store's threads.
struct FortunesCoordinator: Sendable {
  static let path = "/fortunes"

  let store: any FortuneStore
  let data: StoreWork
  let pages: PageRenderer

  func register(in router: inout Router) {
    router.get(Self.path) { request in
      try await data.read(request) { try fortunes(request) }
    }
  }

  private func fortunes(_ request: Request) throws -> Response {
    // The request's one store call, kept apart from the rendering.
    let fortunes: [Fortune]
    do {
      fortunes = try store.fortunes()
    } catch {
      StoreFailure.log(error, request, pages.metrics)
      throw StoreFailure.notRead
    }
    var response = pages.render(Pages.fortunes, FortunesViewModel(fortunes: fortunes), for: request)
    // Made anew for every request by the rules, so nothing may keep it. `no-store` also keeps
    // the pipeline from hashing the body for a strong ETag and answering a revalidation with a
    // 304: a cost on every request, for a shortcut the rules forbid.
    response.headers.add("Cache-Control", "no-store")
    // Measured as plain bytes, as TechEmpower measures it, whatever the client accepts.
    response.allowsCompression = false
    return response
  }
}
