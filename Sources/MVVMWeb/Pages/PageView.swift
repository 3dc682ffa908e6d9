import CoreMetrics
import MVVMWebServer
import MVVMWebTemplates
import MVVMWebViewModels

/// Renders one declared page into HTML responses, under the request's base path and with
/// destinations printed as the site's addresses. Only `Site.declare(_:)` makes one, so every
/// page a handler can render was loaded and checked when the site started.
///
/// The person page (`UsersCoordinator`) is declared once:
///
/// ```swift
/// personPage = site.declare(PersonPage.self)
/// ```
///
/// and rendered by its route's handler:
///
/// ```swift
/// site.get(UsersRoutes.person) { request, id in
///   let user = try user(id)
///   let avatar = avatars.avatar(firstName: user.firstName, lastName: user.lastName)
///   return personPage.render(PersonViewModel(user: user, avatar: avatar), for: request)
/// }
/// ```
public struct PageView<Declared: Page>: Sendable {
  let shelf: TemplateShelf
  /// How long the page's renders take (`mvvmweb_render_seconds`).
  let renderTimer: CoreMetrics.Timer

  /// The page for `viewModel`, as a `text/html` response with `status`.
  public func render(
    _ viewModel: Declared.ViewModel, for request: Request, status: HTTPStatus = .ok
  ) -> Response {
    let template: CompiledTemplate
    let loaded: TemplateShelf.Loaded
    switch shelf.current() {
    case .success(let current):
      // Declared, so loaded: the library was built from every declared page.
      guard let compiled = current.library[Declared.template] else {
        return .html([], status: .internalServerError)
      }
      template = compiled
      loaded = current
    case .failure(let errors):
      // Only with `--dev`: a fixed library has loaded without errors, or the site did not start.
      return DeveloperErrorPage.templates(errors, directory: shelf.directory)
    }
    let started = ContinuousClock.now
    let body = template.render(
      viewModel, site: loaded.layout, basePath: request.basePath,
      links: loaded.links.links(for: request.session))
    renderTimer.record(duration: ContinuousClock.now - started)
    return .html(body, status: status)
  }

  /// The answer to an input event (`Request.isInputEvent`): the live elements inside the
  /// page's `m:inputs` form that sent it (`Request.inputForm`) rendered for `viewModel`, one
  /// after the other, for this viewer alone (`Cache-Control: no-store`; never through the live
  /// hub). The browser's script merges each in by its id, keeping what is typed and the focus.
  /// Throws a 400 when the page has no such form (a page loaded before the templates changed).
  ///
  /// `Site.form` answers an input event with it, once the view model has the inputs and has
  /// checked them:
  ///
  /// ```swift
  /// let viewModel = try build(request, submission, nil, mayReadStore)
  /// submission.send(to: viewModel)
  /// try StoreFailure.reading(request, metrics) { try viewModel.validate() }
  /// return try view.answerInput(viewModel, for: request)
  /// ```
  public func answerInput(
    _ viewModel: Declared.ViewModel, for request: Request
  ) throws(HTTPError) -> Response {
    var response: Response
    if case .success(let loaded) = shelf.current(), let template = loaded.library[Declared.template]
    {
      guard let number = request.inputForm, number <= template.inputForms.count else {
        throw HTTPError(
          .badRequest,
          "This page has no form number \(request.inputForm ?? 0) that answers as people type. "
            + "Reload the page: it may have changed since it was opened.")
      }
      response = .html(
        template.renderInputForm(
          number, viewModel, site: loaded.layout, basePath: request.basePath,
          links: loaded.links.links(for: request.session)) ?? [])
    } else {
      // Only with `--dev`, while a template does not load: the script leaves the form as it is,
      // and the form still posts.
      response = .html([], status: .serviceUnavailable)
    }
    response.headers.add("Cache-Control", "no-store")
    return response
  }

  /// The page's live elements (`m:live`) for `viewModel`, as pushed to the pages open on it
  /// for the viewers of `session`'s role (nil: signed out); nil while the templates do not load
  /// (only with `--dev`).
  func liveElements(
    _ viewModel: Declared.ViewModel, basePath: String, session: RequestSession?
  ) -> [LiveElement]? {
    guard case .success(let loaded) = shelf.current(),
      let template = loaded.library[Declared.template]
    else { return nil }
    return template.liveElementIDs.compactMap { id in
      template.renderLiveElement(
        id: id, viewModel, site: loaded.layout, basePath: basePath,
        links: loaded.links.links(for: session)
      ).map {
        LiveElement(id: id, html: $0.html, rows: $0.rows)
      }
    }
  }

  /// Whether the templates stay as loaded (not `--dev`), so a page depends only on its data.
  var templatesAreFixed: Bool { shelf.templatesAreFixed }
}
