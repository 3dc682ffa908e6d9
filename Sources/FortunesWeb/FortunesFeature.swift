import Fortunes
import MVVMWeb

/// TechEmpower's Fortunes page at `/fortunes`: each request reads every fortune with one store
/// call, and the view model and template make the page from them, with no cache of the rows or
/// of the page. Like every page that reads the store, it runs on the store's threads.
public struct FortunesFeature: Feature {
  static let route = Route("/fortunes")

  let store: any FortuneStore
  let data: StoreWork

  /// The fortunes of `store`, read on `data`'s threads.
  public init(store: any FortuneStore, data: StoreWork) {
    self.store = store
    self.data = data
  }

  public func register(in site: inout Site) {
    let page = site.declare(FortunesPage.self)
    let metrics = site.configuration.metrics
    site.get(Self.route) { request in
      data.read(request) { try fortunes(request, page, metrics) }
    }
  }

  private func fortunes(
    _ request: Request, _ page: PageView<FortunesPage>, _ metrics: AppMetrics
  ) throws -> Response {
    // The request's one store call, kept apart from the rendering.
    let fortunes: [Fortune]
    do {
      fortunes = try store.fortunes()
    } catch {
      StoreFailure.log(error, request, metrics)
      throw StoreFailure.notRead
    }
    var response = page.render(FortunesViewModel(fortunes: fortunes), for: request)
    // Made anew for every request by the rules, so nothing may keep it. `no-store` also keeps
    // the pipeline from hashing the body for a strong ETag and answering a revalidation with a
    // 304: a cost on every request, for a shortcut the rules forbid.
    response.headers.add("Cache-Control", "no-store")
    // Measured as plain bytes, as TechEmpower measures it, whatever the client accepts.
    response.allowsCompression = false
    return response
  }
}

enum FortunesPage: Page {
  typealias ViewModel = FortunesViewModel
  static let template = "fortunes.xhtml"
}
