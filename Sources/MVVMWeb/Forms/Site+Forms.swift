import MVVMWebServer
import MVVMWebViewModels

/// What a form page's view model is built for: showing the form (GET), or a post or input event
/// whose fields are already checked against the view model's inputs.
public struct FormRequest<ViewModel: Inputs>: Sendable {
  /// The request.
  public let request: Request
  /// The fields posted, checked; nil when the form is being shown.
  public let submission: Submission<ViewModel>?
  /// The words of the notice the request carries, to show on the form (`notices`).
  public let notice: String?
  /// Whether the view model may read the store. False while an input event of a form
  /// registered with `inputsFromMemory` is tried on the thread that read it: build the view
  /// model from what the store keeps in memory, or throw `StoreNeeded` to have the event sent
  /// to the store's threads.
  public let mayReadStore: Bool

  /// Whether this is an input event: the view model is validated, never saved.
  public var isInputEvent: Bool { request.isInputEvent }
}

extension Site {
  /// A page with a form, in one registration: its GET shows the form, its POST sends the
  /// checked fields to the view model's inputs and saves (`.done` → `done`'s answer, a redirect;
  /// `.failed` → the form again, 422, everything typed kept and each message by its field; a
  /// store that cannot be written → the form again, 503), and its input events send the same
  /// fields and only validate, answered with the form's live parts. With `store`, the page and the
  /// input events run on the store's read lane and the post on its write lane. With `following`,
  /// the form page is live (`sameForEveryone` false when it holds a one-time token). With
  /// `notices`, the form shows the notice of that type a redirect carried to it
  /// (`FormRequest.notice`), once. With `inputsFromMemory`, an input event is first tried on
  /// the thread that read it (`FormRequest.mayReadStore` false), which saves waking a store
  /// thread for each keystroke: `viewModel` must then read nothing from the store but what it
  /// keeps in memory, or throw `StoreNeeded`, and the view model's `validate()` must read
  /// nothing. `allowed` says who may see and send the form (its GET, its post and its input
  /// events alike): a form writes, so it names its rule, here or with its group's `allowing`,
  /// or the site does not build.
  ///
  /// `viewModel` builds the view model for a request and the route's values; the framework
  /// sends it the inputs. The coordinator says only where `.done` leads.
  ///
  /// ```swift
  /// site.form(Self.hello, HelloPage.self, following: [.greetings], allowed: .everyone) { _ in
  ///   HelloViewModel(list: list)
  /// } done: { request, _ in
  ///   .redirect(to: request.location(Self.hello.path()))
  /// }
  /// ```
  @discardableResult
  public mutating func form<Declared: Page, each Parameter: RouteParameter>(
    _ route: Route<repeat each Parameter>, _ page: Declared.Type, store: StoreWork? = nil,
    following topics: Set<ChangeTopic> = [], sameForEveryone: Bool = true,
    notices: (any Notice.Type)? = nil, inputsFromMemory: Bool = false,
    allowed access: Access? = nil,
    viewModel:
      @escaping @Sendable (FormRequest<Declared.ViewModel>, repeat each Parameter) throws
      -> Declared.ViewModel,
    done:
      @escaping @Sendable (Request, Declared.ViewModel, repeat each Parameter) throws
      -> Response
  ) -> PageView<Declared> where Declared.ViewModel: SavableForm & Inputs {
    let view = declare(page)
    let metrics = configuration.metrics
    /// Builds the view model; a store failure on the way is a 503, logged, never a 404 or 500.
    let build:
      @Sendable (Request, Submission<Declared.ViewModel>?, String?, Bool) throws
        -> Declared.ViewModel = { request, submission, notice, mayReadStore in
          let values = try route.values(of: request)
          let form = FormRequest(
            request: request, submission: submission, notice: notice, mayReadStore: mayReadStore)
          return try StoreFailure.reading(request, metrics) {
            try viewModel(form, repeat each values)
          }
        }
    let show: @Sendable (Request) throws -> Response = { request in
      guard let notices else {
        return view.render(try build(request, nil, nil, true), for: request)
      }
      return try Self.showing(notices, on: request) { notice in
        view.render(try build(request, nil, notice, true), for: request)
      }
    }
    // The form's rule is its post's: whoever may not send it is not shown it either (and a form
    // with no rule, refused by `build()`, is shown to nobody).
    let rule = rule(.post, access) ?? .roles([])
    if topics.isEmpty {
      let gate = record(
        .get, route, page: Declared.template, lane: store.map { _ in .read }, access: rule)
      router.get(route.pattern) { request in
        try gate.check(request)
        _ = try route.values(of: request)
        guard let store else { return try show(request) }
        return store.read(request) { try show(request) }
      }
    } else {
      livePage(
        route, view, following: topics, sameForEveryone: sameForEveryone, store: store,
        access: rule, viewModel: { request in try build(request, nil, nil, true) }, answer: show)
    }
    let gate = record(
      .post, route, page: Declared.template, lane: store.map { _ in .write }, access: access)
    router.post(route.pattern) { request in
      try gate.check(request)
      let values = try route.values(of: request)
      let submission = try request.submission(for: Declared.ViewModel.self)
      if request.isInputEvent {
        let answer = { @Sendable (mayReadStore: Bool) throws -> Response in
          let viewModel = try build(request, submission, nil, mayReadStore)
          submission.send(to: viewModel)
          try StoreFailure.reading(request, metrics) { try viewModel.validate() }
          return try view.answerInput(viewModel, for: request)
        }
        guard let store else { return try answer(true) }
        if inputsFromMemory {
          do { return try answer(false) } catch is StoreNeeded {}
        }
        return store.read(request) { try answer(true) }
      }
      let answer: @Sendable () throws -> Response = {
        let viewModel = try build(request, submission, nil, true)
        submission.send(to: viewModel)
        let outcome: Outcome
        do {
          outcome = try viewModel.save()
        } catch {
          StoreFailure.log(error, request, metrics)
          viewModel.reportStoreFailure()
          return view.render(viewModel, for: request, status: .serviceUnavailable)
        }
        switch outcome {
        case .done: return try done(request, viewModel, repeat each values)
        case .failed: return view.render(viewModel, for: request, status: .unprocessableContent)
        }
      }
      guard let store else { return try answer() }
      return store.write(request, answer)
    }
    return view
  }

  /// `Notice.showing` for a notice type known only at run time.
  private static func showing<Shown: Notice>(
    _ type: Shown.Type, on request: Request, _ render: (String?) throws -> Response
  ) rethrows -> Response {
    try Shown.showing(on: request, render)
  }
}
