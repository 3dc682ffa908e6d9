import Fortunes
import MVVMWeb

/// TechEmpower's Fortunes page at `/fortunes`: each request reads every fortune with one store
/// call, and the view model and template make the page from them, with no cache of the rows or
/// of the page. Like every page that reads the store, it runs on the store's threads: a store
/// that answers from a thread of its own (`FortuneStoreAnsweringLater`, PostgreSQL's pipeline)
/// is handed the request and makes the page there; any other is read on `data`'s threads.
public struct FortunesFeature: Feature {
  static let route = Route("/fortunes")

  let store: any FortuneStore
  let data: StoreWork

  /// The fortunes of `store`, read on `data`'s threads or, within `data`'s deadline, on the
  /// store's own.
  public init(store: any FortuneStore, data: StoreWork) {
    self.store = store
    self.data = data
  }

  public func register(in site: inout Site) {
    let page = site.declare(FortunesPage.self)
    let metrics = site.configuration.metrics
    if let store = store as? any FortuneStoreAnsweringLater {
      site.get(Self.route) { request in
        data.read(request) { complete in
          store.fortunes { rows in
            complete(Result { try Self.page(rows, request, page, metrics) })
          }
        }
      }
    } else {
      site.get(Self.route) { request in
        data.read(request) {
          try Self.page(Result { try store.fortunes() }, request, page, metrics)
        }
      }
    }
  }

  /// The page of the request's one store call, whose failure is logged and answered 503.
  private static func page(
    _ rows: Result<[Fortune], any Error>, _ request: Request, _ page: PageView<FortunesPage>,
    _ metrics: AppMetrics
  ) throws -> Response {
    // The request's one store call, kept apart from the rendering.
    let fortunes: [Fortune]
    do {
      fortunes = try rows.get()
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
